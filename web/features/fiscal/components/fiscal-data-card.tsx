import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { fiscalDataSchema } from "../../../../domain/fiscal/fiscal-data";
import { fiscalMessages } from "../../../../domain/fiscal/messages";
import { formMessage, issueErrors, useFieldErrors } from "../../../lib/field-errors";
import { useDeleteFiscalData, useFiscalData, useSaveFiscalData } from "../api";
import { FiscalDataFields } from "./fiscal-data-fields";
import { type FiscalForm, fiscalFormOf, withField } from "./fiscal-form";

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
  const [form, setForm] = useState<FiscalForm>(() => fiscalFormOf(null));
  const { ref, errors, show, showApi, clear } = useFieldErrors();
  const formError = formMessage(save.error);
  const current = data.data;

  function set(k: keyof FiscalForm, value: string) {
    setForm((f) => withField(f, k, value));
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
                setForm(fiscalFormOf(current));
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
              <FiscalDataFields form={form} errors={errors} set={set} />
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
