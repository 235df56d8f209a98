import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { type PersonType, regimenesFor, usosFor } from "../../../../domain/fiscal/catalogs";
import { fiscalDataSchema } from "../../../../domain/fiscal/fiscal-data";
import { fiscalMessages } from "../../../../domain/fiscal/messages";
import { normalizeRfc } from "../../../../domain/fiscal/rfc";
import { formMessage, issueErrors, useFieldErrors } from "../../../lib/field-errors";
import { type FiscalData, useDeleteFiscalData, useFiscalData, useSaveFiscalData } from "../api";

type Form = {
  rfc: string;
  razon_social: string;
  regimen_fiscal: string;
  codigo_postal: string;
  uso_cfdi: string;
};

const emptyForm = (d: FiscalData | null | undefined): Form => ({
  rfc: d?.rfc ?? "",
  razon_social: d?.razon_social ?? "",
  regimen_fiscal: d?.regimen_fiscal ?? "",
  codigo_postal: d?.codigo_postal ?? "",
  uso_cfdi: d?.uso_cfdi ?? "",
});

/** What the RFC typed so far says: 13 characters a persona física, 12 a moral, else unknown. */
function personOf(rfc: string): PersonType | null {
  const n = normalizeRfc(rfc).length;
  return n === 13 ? "fisica" : n === 12 ? "moral" : null;
}

/**
 * 'Datos de facturación' (decision 0032), next to the billing address in Mi Información: RFC,
 * razón social, régimen fiscal, código postal and uso de CFDI from the SAT catalogues. The
 * régimen list follows the RFC (física or moral) and the uso list follows the régimen, so only
 * pairs SAT allows can be chosen; the server checks the same schema (domain/fiscal).
 */
export function FiscalDataCard() {
  const data = useFiscalData();
  const save = useSaveFiscalData();
  const remove = useDeleteFiscalData();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Form>(() => emptyForm(null));
  const { ref, errors, show, showApi, clear } = useFieldErrors();
  const formError = formMessage(save.error);
  const current = data.data;

  const person = personOf(form.rfc);
  const regimenes = regimenesFor(person ?? "fisica").concat(
    person ? [] : regimenesFor("moral").filter((r) => !r.fisica),
  );
  const usos = form.regimen_fiscal ? usosFor(person ?? "fisica", form.regimen_fiscal) : [];
  if (!person && form.regimen_fiscal) {
    for (const u of usosFor("moral", form.regimen_fiscal)) if (!usos.includes(u)) usos.push(u);
  }

  function set<K extends keyof Form>(k: K, value: string) {
    setForm((f) => {
      const next = { ...f, [k]: value };
      // A régimen or RFC that no longer allows the chosen uso empties it rather than keep a wrong pair.
      if (k !== "uso_cfdi" && k !== "razon_social" && k !== "codigo_postal") {
        const p = personOf(next.rfc) ?? "fisica";
        if (next.uso_cfdi && !usosFor(p, next.regimen_fiscal).some((u) => u.key === next.uso_cfdi)) {
          next.uso_cfdi = "";
        }
      }
      return next;
    });
    clear(k);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    save.reset();
    const parsed = fiscalDataSchema.safeParse(form);
    if (show(parsed.success ? {} : issueErrors(parsed.error.issues)) || !parsed.success) return;
    save.mutate(form, {
      onSuccess: () => {
        notifications.show({ color: "green", message: fiscalMessages.fiscalSaved, autoClose: 3000 });
        setEditing(false);
      },
      onError: (err) => showApi(err),
    });
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} data-testid="fiscal-data-card">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            Datos de facturación
          </Title>
          {!editing && !data.isPending ? (
            <Button
              variant="light"
              onClick={() => {
                setForm(emptyForm(current));
                show({});
                save.reset();
                setEditing(true);
              }}
            >
              {current ? "Editar" : "Agregar"}
            </Button>
          ) : null}
        </Group>
        {data.error ? <Alert color="red">{data.error.message}</Alert> : null}
        {editing ? (
          <form ref={ref} onSubmit={submit} noValidate>
            <Stack gap="sm">
              {formError ? (
                <Alert color="red" role="alert">
                  {formError}
                </Alert>
              ) : null}
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
              <Group justify="space-between">
                {current ? (
                  <Button
                    variant="subtle"
                    color="red"
                    loading={remove.isPending}
                    onClick={() =>
                      remove.mutate(undefined, {
                        onSuccess: () => {
                          notifications.show({
                            color: "green",
                            message: fiscalMessages.fiscalDeleted,
                            autoClose: 3000,
                          });
                          setEditing(false);
                        },
                      })
                    }
                  >
                    Borrar mis datos
                  </Button>
                ) : (
                  <span />
                )}
                <Group>
                  <Button variant="default" onClick={() => setEditing(false)}>
                    Cancelar
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    Guardar
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        ) : current ? (
          <Stack gap={2} data-testid="fiscal-data-summary">
            <Text fw={600}>{current.razon_social}</Text>
            <Text>{`RFC ${current.rfc} · C.P. ${current.codigo_postal}`}</Text>
            <Text
              size="sm"
              c="dimmed"
            >{`Régimen ${current.regimen_fiscal} · ${current.regimen_fiscal_text}`}</Text>
            <Text size="sm" c="dimmed">{`Uso del CFDI ${current.uso_cfdi} · ${current.uso_cfdi_text}`}</Text>
          </Stack>
        ) : data.isPending ? null : (
          <Text c="dimmed">Agrega tus datos para pedir factura de tus compras.</Text>
        )}
      </Stack>
    </Paper>
  );
}
