/**
 * SAT catalogues for CFDI 4.0 that a studio's customer chooses from (decision 0032), shipped as
 * data and versioned: CATALOG_VERSION is stored beside each customer's choice, so a later
 * edition of the catalogues can tell which rows were checked against which.
 *
 * Source: Anexo 20 (CFDI 4.0), catCFDI — c_RegimenFiscal and c_UsoCFDI with the columns
 * "Persona Física", "Persona Moral" and "Régimen Fiscal Receptor" (which régimen may use which
 * uso). Keys and descriptions as SAT publishes them.
 */
export const CATALOG_VERSION = "cfdi40-2024.1";

export type PersonType = "fisica" | "moral";

export type RegimenFiscal = {
  key: string;
  description: string;
  fisica: boolean;
  moral: boolean;
};

export const REGIMENES_FISCALES: readonly RegimenFiscal[] = [
  { key: "601", description: "General de Ley Personas Morales", fisica: false, moral: true },
  { key: "603", description: "Personas Morales con Fines no Lucrativos", fisica: false, moral: true },
  {
    key: "605",
    description: "Sueldos y Salarios e Ingresos Asimilados a Salarios",
    fisica: true,
    moral: false,
  },
  { key: "606", description: "Arrendamiento", fisica: true, moral: false },
  { key: "607", description: "Régimen de Enajenación o Adquisición de Bienes", fisica: true, moral: false },
  { key: "608", description: "Demás ingresos", fisica: true, moral: false },
  {
    key: "610",
    description: "Residentes en el Extranjero sin Establecimiento Permanente en México",
    fisica: true,
    moral: true,
  },
  { key: "611", description: "Ingresos por Dividendos (socios y accionistas)", fisica: true, moral: false },
  {
    key: "612",
    description: "Personas Físicas con Actividades Empresariales y Profesionales",
    fisica: true,
    moral: false,
  },
  { key: "614", description: "Ingresos por intereses", fisica: true, moral: false },
  { key: "615", description: "Régimen de los ingresos por obtención de premios", fisica: true, moral: false },
  { key: "616", description: "Sin obligaciones fiscales", fisica: true, moral: false },
  {
    key: "620",
    description: "Sociedades Cooperativas de Producción que optan por diferir sus ingresos",
    fisica: false,
    moral: true,
  },
  { key: "621", description: "Incorporación Fiscal", fisica: true, moral: false },
  {
    key: "622",
    description: "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras",
    fisica: false,
    moral: true,
  },
  { key: "623", description: "Opcional para Grupos de Sociedades", fisica: false, moral: true },
  { key: "624", description: "Coordinados", fisica: false, moral: true },
  {
    key: "625",
    description: "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas",
    fisica: true,
    moral: false,
  },
  { key: "626", description: "Régimen Simplificado de Confianza", fisica: true, moral: true },
];

export type UsoCfdi = {
  key: string;
  description: string;
  fisica: boolean;
  moral: boolean;
  /** c_RegimenFiscal keys whose receivers may use it. */
  regimenes: readonly string[];
  /** False for usos that never fit a sale to a customer (Pagos, Nómina): not offered. */
  forSale: boolean;
};

// The regime lists of the catalogue's "Régimen Fiscal Receptor" column, shared by many rows.
const BUSINESS = ["601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"];
const PERSONAL_DEDUCTIONS = ["605", "606", "608", "611", "612", "614", "607", "615", "625"];
const ANY = [
  "601",
  "603",
  "605",
  "606",
  "608",
  "610",
  "611",
  "612",
  "614",
  "616",
  "620",
  "621",
  "622",
  "623",
  "624",
  "607",
  "615",
  "625",
  "626",
];

const business = (key: string, description: string): UsoCfdi => ({
  key,
  description,
  fisica: true,
  moral: true,
  regimenes: BUSINESS,
  forSale: true,
});
const deduction = (key: string, description: string): UsoCfdi => ({
  key,
  description,
  fisica: true,
  moral: false,
  regimenes: PERSONAL_DEDUCTIONS,
  forSale: true,
});

export const USOS_CFDI: readonly UsoCfdi[] = [
  business("G01", "Adquisición de mercancías"),
  business("G02", "Devoluciones, descuentos o bonificaciones"),
  business("G03", "Gastos en general"),
  business("I01", "Construcciones"),
  business("I02", "Mobiliario y equipo de oficina por inversiones"),
  business("I03", "Equipo de transporte"),
  business("I04", "Equipo de computo y accesorios"),
  business("I05", "Dados, troqueles, moldes, matrices y herramental"),
  business("I06", "Comunicaciones telefónicas"),
  business("I07", "Comunicaciones satelitales"),
  business("I08", "Otra maquinaria y equipo"),
  deduction("D01", "Honorarios médicos, dentales y gastos hospitalarios"),
  deduction("D02", "Gastos médicos por incapacidad o discapacidad"),
  deduction("D03", "Gastos funerales"),
  deduction("D04", "Donativos"),
  deduction("D05", "Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)"),
  deduction("D06", "Aportaciones voluntarias al SAR"),
  deduction("D07", "Primas por seguros de gastos médicos"),
  deduction("D08", "Gastos de transportación escolar obligatoria"),
  deduction("D09", "Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones"),
  deduction("D10", "Pagos por servicios educativos (colegiaturas)"),
  {
    key: "S01",
    description: "Sin efectos fiscales",
    fisica: true,
    moral: true,
    regimenes: ANY,
    forSale: true,
  },
  { key: "CP01", description: "Pagos", fisica: true, moral: true, regimenes: ANY, forSale: false },
  { key: "CN01", description: "Nómina", fisica: true, moral: false, regimenes: ["605"], forSale: false },
];

export function findRegimen(key: string): RegimenFiscal | undefined {
  return REGIMENES_FISCALES.find((r) => r.key === key);
}

export function findUso(key: string): UsoCfdi | undefined {
  return USOS_CFDI.find((u) => u.key === key);
}

/** Regímenes a person of this type may declare. */
export function regimenesFor(person: PersonType): RegimenFiscal[] {
  return REGIMENES_FISCALES.filter((r) => r[person]);
}

/** Usos de CFDI offered on a sale to a receiver of this type and régimen. */
export function usosFor(person: PersonType, regimen: string): UsoCfdi[] {
  return USOS_CFDI.filter((u) => u.forSale && u[person] && u.regimenes.includes(regimen));
}
