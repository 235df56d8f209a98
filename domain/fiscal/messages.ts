/**
 * Spanish texts of the fiscal features (decision 0032). Ours, not the original product's: kept
 * beside the rules that use them so the server's errors and the web's field messages say the same.
 */
export const fiscalMessages = {
  rfcRequired: "Escribe tu RFC.",
  rfcFormat:
    "El RFC no tiene un formato válido: son 13 caracteres para persona física (4 letras, fecha AAMMDD y 3 de homoclave) o 12 para persona moral.",
  rfcDate: "La fecha dentro del RFC (AAMMDD) no existe. Revísala.",
  rfcCheckDigit: "El RFC no es válido: el último carácter (dígito verificador) no corresponde. Revísalo.",
  rfcGeneric:
    "El RFC genérico (XAXX010101000 o XEXX010101000) no sirve para una factura a tu nombre. Escribe tu propio RFC.",
  razonSocialRequired:
    "Escribe tu nombre o razón social tal como aparece en tu Constancia de Situación Fiscal.",
  regimenRequired: "Elige tu régimen fiscal.",
  regimenNotForPerson: "Este régimen fiscal no corresponde a una persona {person}.",
  usoRequired: "Elige el uso del CFDI.",
  usoNotForRegimen: "Este uso de CFDI no se permite con el régimen fiscal que elegiste.",
  usoNotForPerson: "Este uso de CFDI no corresponde a una persona {person}.",
  codigoPostal: "El código postal son 5 dígitos.",
  fiscalSaved: "Datos de facturación guardados.",
  fiscalDeleted: "Datos de facturación eliminados.",
} as const;

export type FiscalMessageKey = keyof typeof fiscalMessages;

export function ft(key: FiscalMessageKey, params: Record<string, string> = {}): string {
  return fiscalMessages[key].replace(/\{(\w+)\}/g, (_, n: string) => params[n] ?? `{${n}}`);
}
