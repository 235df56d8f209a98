import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { type FiscalForm, fiscalOptions } from "./fiscal-form";

/** RFC, código postal, razón social, régimen and uso del CFDI, the last two from the SAT catalogues. */
export function FiscalDataFields({
  form,
  errors,
  set,
}: {
  form: FiscalForm;
  errors: Record<string, string | undefined>;
  set: (k: keyof FiscalForm, value: string) => void;
}) {
  const { regimenes, usos } = fiscalOptions(form);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="RFC"
        description="13 caracteres persona física, 12 persona moral"
        required
        autoComplete="off"
        value={form.rfc}
        error={errors.rfc}
        onChange={(e) => set("rfc", e.currentTarget.value)}
      />
      <TextInput
        label="Código postal fiscal"
        description="El de tu domicilio fiscal, 5 dígitos"
        required
        inputMode="numeric"
        maxLength={5}
        value={form.codigo_postal}
        error={errors.codigo_postal}
        onChange={(e) => set("codigo_postal", e.currentTarget.value)}
      />
      <TextInput
        label="Nombre o razón social"
        style={{ gridColumn: "1 / -1" }}
        description="Como aparece en tu Constancia de Situación Fiscal"
        required
        value={form.razon_social}
        error={errors.razon_social}
        onChange={(e) => set("razon_social", e.currentTarget.value)}
      />
      <NativeSelect
        label="Régimen fiscal"
        style={{ gridColumn: "1 / -1" }}
        required
        value={form.regimen_fiscal}
        error={errors.regimen_fiscal}
        aria-invalid={Boolean(errors.regimen_fiscal)}
        data={[
          { value: "", label: "Elige tu régimen" },
          ...regimenes.map((r) => ({ value: r.key, label: `${r.key} · ${r.description}` })),
        ]}
        onChange={(e) => set("regimen_fiscal", e.currentTarget.value)}
      />
      <NativeSelect
        label="Uso del CFDI"
        style={{ gridColumn: "1 / -1" }}
        required
        disabled={!form.regimen_fiscal}
        value={form.uso_cfdi}
        error={errors.uso_cfdi}
        aria-invalid={Boolean(errors.uso_cfdi)}
        data={[
          { value: "", label: form.regimen_fiscal ? "Elige el uso" : "Primero elige tu régimen" },
          ...usos.map((u) => ({ value: u.key, label: `${u.key} · ${u.description}` })),
        ]}
        onChange={(e) => set("uso_cfdi", e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
