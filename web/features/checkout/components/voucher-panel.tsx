import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconCopy, IconPrinter } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import JsBarcode from "jsbarcode";
import { useEffect, useRef, useState } from "react";
import { formatClabe } from "../../../../domain/clabe";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { notifySuccess } from "../../../components/notify";
import { simulateVoucherPayment, type Voucher } from "../api";
import { checkoutCopy } from "../copy";

/**
 * /gracias of an OXXO or SPEI purchase (decision 0034): what to pay, where and until when, with
 * print and copy buttons. The sandbox's voucher says it is a test and offers 'Simular pago', the
 * store's (or bank's) report that Stripe's webhook would bring.
 */
export function VoucherPanel({
  voucher: v,
  timeZone,
  simulate,
}: {
  voucher: Voucher;
  timeZone: string;
  /** The sandbox's payment of this voucher when it is not a purchase's (a renewal period's, decision 0134). */
  simulate?: () => Promise<unknown>;
}) {
  const oxxo = v.method === "oxxo";
  const copyValue = oxxo ? v.reference : (v.clabe ?? "");
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      data-testid="voucher"
      className="voucher-print"
    >
      <style>{"@media print { .voucher-no-print { display: none !important; } }"}</style>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz={20}>
            {oxxo ? checkoutCopy.oxxoTitle : checkoutCopy.speiTitle}
          </Title>
          {v.sandbox ? (
            // Never narrowed by the title beside it: on a phone it read "SANDB…".
            <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
              {checkoutCopy.sandboxBadge}
            </Badge>
          ) : null}
        </Group>
        {v.status === "expired" ? (
          <Alert color="red" data-testid="voucher-expired">
            {checkoutCopy.voucherExpired}
          </Alert>
        ) : null}
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            {checkoutCopy.amountToPay}
          </Text>
          <Text fz={28} fw={800} data-testid="voucher-amount">
            {formatMoney(v.amount)}
          </Text>
        </Stack>
        {oxxo ? <Barcode value={v.reference} /> : null}
        <Table>
          <Table.Tbody>
            {(
              [
                [oxxo ? checkoutCopy.oxxoReference : checkoutCopy.speiReference, v.reference],
                [checkoutCopy.clabe, v.clabe ? formatClabe(v.clabe) : null],
                [checkoutCopy.bank, v.bank_name],
                [checkoutCopy.payBefore, v.expires_at ? formatDateTime(v.expires_at, timeZone) : null],
              ] as const
            )
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Td c="dimmed">{label}</Table.Td>
                  <Table.Td fw={700} ff="monospace" data-testid={`voucher-${label}`}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
        <Text fz="sm">{oxxo ? checkoutCopy.oxxoInstructions : checkoutCopy.speiInstructions}</Text>
        {v.status === "pending" ? (
          <Group className="voucher-no-print">
            <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              {checkoutCopy.print}
            </Button>
            <CopyButton value={copyValue}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                  {copied ? checkoutCopy.copied : oxxo ? checkoutCopy.copyReference : checkoutCopy.copyClabe}
                </Button>
              )}
            </CopyButton>
            {v.hosted_url ? (
              <Anchor href={v.hosted_url} target="_blank" rel="noopener" fz="sm">
                {checkoutCopy.hostedVoucher}
              </Anchor>
            ) : null}
          </Group>
        ) : null}
        {v.sandbox && v.status === "pending" ? (
          <SandboxPay purchaseId={v.purchase_id} oxxo={oxxo} simulate={simulate} />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Code 128 of the reference, drawn as SVG (crisp when printed). */
function Barcode({ value }: { value: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    JsBarcode(ref.current, value, {
      format: "CODE128",
      displayValue: true,
      height: 64,
      margin: 0,
      fontSize: 14,
    });
  }, [value]);
  return (
    <div style={{ overflowX: "auto", background: "white", padding: 8, borderRadius: 8 }}>
      <svg
        ref={ref}
        role="img"
        aria-label={`${checkoutCopy.barcode} ${value}`}
        data-testid="voucher-barcode"
      />
    </div>
  );
}

function SandboxPay({
  purchaseId,
  oxxo,
  simulate,
}: {
  purchaseId: number;
  oxxo: boolean;
  simulate?: () => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function pay() {
    setBusy(true);
    setError(null);
    try {
      await (simulate ? simulate() : simulateVoucherPayment(purchaseId));
      await queryClient.invalidateQueries();
      notifySuccess(checkoutCopy.sandboxPaid);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Alert color="orange" variant="light" title={checkoutCopy.sandboxTitle} className="voucher-no-print">
      <Stack gap="xs">
        <Text fz="sm">{oxxo ? checkoutCopy.sandboxOxxoNote : checkoutCopy.sandboxSpeiNote}</Text>
        <Group>
          <Button color="orange" onClick={pay} loading={busy} data-testid="simulate-payment">
            {checkoutCopy.simulatePayment}
          </Button>
        </Group>
        {error ? (
          <Text c="red" fz="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Alert>
  );
}
