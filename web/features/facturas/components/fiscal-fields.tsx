import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { type PersonType, regimenesFor, usosFor } from "../../../../domain/fiscal/catalogs";
import { checkRfc } from "../../../../domain/fiscal/rfc";
import { facturasCopy } from "../copy";

export type FiscalForm = {
  rfc: string;
  razon_social: string;
  regimen_fiscal: string;
  codigo_postal: string;
  uso_cfdi: string;
};
export const emptyFiscal: FiscalForm = {
  rfc: "",
  razon_social: "",
  regimen_fiscal: "",
  codigo_postal: "",
  uso_cfdi: "",
};

const d = facturasCopy.desk;

/**
 * Datos de facturación typed at the counter, from SAT's catalogues as in Mi Información: the
 * régimen list follows the RFC (física or moral), the uso list follows the régimen. The server
 * checks them with the same schema (domain/fiscal/fiscal-data.ts).
 */
export function FiscalFields({
  value,
  errors,
  onChange,
}: {
  value: FiscalForm;
  errors: Partial<Record<keyof FiscalForm, string>>;
  onChange: (next: FiscalForm) => void;
}) {
  const rfc = checkRfc(value.rfc);
  const person: PersonType | null = rfc.ok ? rfc.person : null;
  const regimenes = person ? regimenesFor(person) : [...regimenesFor("fisica"), ...regimenesFor("moral")];
  const unique = [...new Map(regimenes.map((r) => [r.key, r])).values()];
  const usos = value.regimen_fiscal
    ? [
        ...new Map(
          [
            ...usosFor(person ?? "fisica", value.regimen_fiscal),
            ...(person ? [] : usosFor("moral", value.regimen_fiscal)),
          ].map((u) => [u.key, u]),
        ).values(),
      ]
    : [];
  const set = (key: keyof FiscalForm, v: string) => {
    const next = { ...value, [key]: v };
    // A régimen that no longer allows the chosen uso empties it rather than keep a wrong pair.
    if (
      key === "regimen_fiscal" &&
      next.uso_cfdi &&
      !usosFor(person ?? "fisica", v).some((u) => u.key === next.uso_cfdi)
    )
      next.uso_cfdi = "";
    onChange(next);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={d.rfc}
        value={value.rfc}
        error={errors.rfc}
        autoComplete="off"
        maxLength={13}
        onChange={(e) => set("rfc", e.currentTarget.value.toUpperCase())}
        required
      />
      <TextInput
        label={d.cp}
        value={value.codigo_postal}
        error={errors.codigo_postal}
        inputMode="numeric"
        maxLength={5}
        onChange={(e) => set("codigo_postal", e.currentTarget.value)}
        required
      />
      <TextInput
        label={d.razonSocial}
        description={d.razonSocialHint}
        value={value.razon_social}
        error={errors.razon_social}
        onChange={(e) => set("razon_social", e.currentTarget.value)}
        required
        style={{ gridColumn: "1 / -1" }}
      />
      <NativeSelect
        label={d.regimen}
        value={value.regimen_fiscal}
        error={errors.regimen_fiscal}
        data={[
          { value: "", label: d.regimenPick },
          ...unique.map((r) => ({ value: r.key, label: `${r.key} · ${r.description}` })),
        ]}
        onChange={(e) => set("regimen_fiscal", e.currentTarget.value)}
        required
      />
      <NativeSelect
        label={d.uso}
        value={value.uso_cfdi}
        error={errors.uso_cfdi}
        disabled={!value.regimen_fiscal}
        data={[
          { value: "", label: value.regimen_fiscal ? d.usoPick : d.usoFirst },
          ...usos.map((u) => ({ value: u.key, label: `${u.key} · ${u.description}` })),
        ]}
        onChange={(e) => set("uso_cfdi", e.currentTarget.value)}
        required
      />
    </SimpleGrid>
  );
}
