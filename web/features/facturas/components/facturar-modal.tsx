import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import type { InvoiceablePurchase } from "../../../../domain/api/facturas";
import type { Factura } from "../../../../domain/api/fiscal";
import { fiscalDataSchema } from "../../../../domain/fiscal/fiscal-data";
import { formatDate, formatMoney } from "../../../../domain/format";
import { apiFieldErrors, formMessage, issueErrors } from "../../../lib/field-errors";
import { facturaDocUrl, useDeskFactura, useInvoiceable } from "../api";
import { facturasCopy } from "../copy";
import { emptyFiscal, FiscalFields, type FiscalForm } from "./fiscal-fields";

const d = facturasCopy.desk;

/**
 * The desk's "Facturar" (docs/decisions/0058): find the customer's paid purchase, take their saved
 * datos de facturación or type new ones (checked as in Mi Información, optionally saved to their
 * profile), issue through the PAC, then the folio fiscal, the PDF and XML, and where it was emailed.
 */
export function FacturarModal({
  opened,
  onClose,
  timeZone,
}: {
  opened: boolean;
  onClose: () => void;
  timeZone: string;
}) {
  const [q, setQ] = useState("");
  const [debounced] = useDebouncedValue(q, 300);
  const found = useInvoiceable(debounced);
  const [chosen, setChosen] = useState<InvoiceablePurchase | null>(null);
  const [source, setSource] = useState<"saved" | "other">("saved");
  const [form, setForm] = useState<FiscalForm>(emptyFiscal);
  const [save, setSave] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<keyof FiscalForm, string>>>({});
  const [issued, setIssued] = useState<Factura | null>(null);
  const issue = useDeskFactura();

  const close = () => {
    setQ("");
    setChosen(null);
    setForm(emptyFiscal);
    setErrors({});
    setIssued(null);
    issue.reset();
    onClose();
  };
  const pick = (p: InvoiceablePurchase) => {
    setChosen(p);
    setSource(p.fiscal_data ? "saved" : "other");
    setForm(emptyFiscal);
    setErrors({});
    issue.reset();
  };
  const submit = () => {
    if (!chosen) return;
    let receiver: FiscalForm | undefined;
    if (source === "other") {
      const parsed = fiscalDataSchema.safeParse(form);
      if (!parsed.success) {
        setErrors(issueErrors(parsed.error.issues));
        return;
      }
      setErrors({});
      receiver = parsed.data;
    }
    issue.mutate(
      { purchase_id: chosen.purchase_id, ...(receiver ? { receiver, save } : {}) },
      {
        onSuccess: (r) => setIssued(r.factura),
        onError: (error) => setErrors(apiFieldErrors(error, { "receiver.rfc": "rfc" }) ?? {}),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={d.title} size="lg" radius="md">
      {issued && chosen ? (
        <Stack gap="sm">
          <Alert color={issued.preview ? "orange" : "green"} title={d.issued}>
            <Stack gap={4}>
              {issued.preview ? <Text size="sm">{d.issuedPreview}</Text> : null}
              {issued.uuid ? (
                <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
                  {d.uuid(issued.uuid)}
                </Text>
              ) : null}
              <Text size="sm">{d.emailed(chosen.email)}</Text>
            </Stack>
          </Alert>
          <Group gap="md">
            <Anchor href={facturaDocUrl(issued.cfdi_id, "pdf")} download>
              {facturasCopy.pdf}
            </Anchor>
            <Anchor href={facturaDocUrl(issued.cfdi_id, "xml")} download>
              {facturasCopy.xml}
            </Anchor>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>{d.close}</Button>
          </Group>
        </Stack>
      ) : chosen ? (
        <Stack gap="sm">
          <Card withBorder radius="md" p="sm">
            <Text fw={600}>{chosen.title}</Text>
            <Text size="sm" c="dimmed">
              {chosen.customer_name} · {formatMoney(chosen.total)} ·{" "}
              {d.paidOn(formatDate(chosen.paid_at, timeZone))}
            </Text>
          </Card>
          {chosen.fiscal_data ? (
            <Radio.Group value={source} onChange={(v) => setSource(v as "saved" | "other")}>
              <Stack gap="xs">
                <Radio
                  value="saved"
                  label={d.saved(chosen.fiscal_data.rfc, chosen.fiscal_data.razon_social)}
                />
                <Radio value="other" label={d.other} />
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm">{d.noSaved}</Text>
          )}
          {source === "other" ? (
            <>
              <FiscalFields value={form} errors={errors} onChange={setForm} />
              <Checkbox label={d.save} checked={save} onChange={(e) => setSave(e.currentTarget.checked)} />
            </>
          ) : null}
          {issue.error && formMessage(issue.error) ? (
            <Alert color="red" role="alert">
              {formMessage(issue.error)}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => setChosen(null)}>
              {d.back}
            </Button>
            <Button onClick={submit} loading={issue.isPending}>
              {d.issue}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput
            label={d.search}
            placeholder={d.searchPlaceholder}
            description={d.searchHint}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            data-autofocus
          />
          {found.isFetching ? <Loader size="sm" /> : null}
          {found.isError ? <Alert color="red">{found.error.message}</Alert> : null}
          {found.data && found.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {d.none}
            </Text>
          ) : null}
          {found.data?.map((p) => (
            <Card key={p.purchase_id} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="center">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{p.customer_name}</Text>
                  <Text size="sm">{p.title}</Text>
                  <Text size="sm" c="dimmed">
                    {formatMoney(p.total)} · {d.paidOn(formatDate(p.paid_at, timeZone))}
                    {p.fiscal_data ? ` · ${p.fiscal_data.rfc}` : ""}
                  </Text>
                </div>
                <Button size="compact-sm" onClick={() => pick(p)} style={{ flexShrink: 0 }}>
                  {d.pick}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
