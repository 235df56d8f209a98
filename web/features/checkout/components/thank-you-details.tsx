import { Badge, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { formatDate, formatMoney } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import type { PurchaseDetail, useVoucher } from "../api";
import { checkoutCopy } from "../copy";
import { VoucherPanel } from "./voucher-panel";

type Voucher = NonNullable<ReturnType<typeof useVoucher>["data"]>;

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text fw={600} component="div">
        {value}
      </Text>
    </Stack>
  );
}

/** Folio, package, total (the sign-up fee it paid included) and status of the purchase. */
export function PurchaseFacts({ purchase: p }: { purchase: PurchaseDetail }) {
  const pending = p.status === "pending";
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Fact label={checkoutCopy.folio} value={`#${p.purchase_id}`} />
        <Fact label={checkoutCopy.package} value={p.title} />
        <Fact
          label={checkoutCopy.total}
          value={formatMoney(p.total_payment + p.paid_with.reduce((sum, w) => sum + w.total_payment, 0))}
        />
        <Fact
          label={checkoutCopy.status}
          value={<Badge color={pending ? "yellow" : "green"}>{p.status_text}</Badge>}
        />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * What one payment paid: the package and what it carried (the sign-up fee), with the OXXO or
 * SPEI voucher above while it is still to be paid.
 */
export function PaidWith({
  purchase: p,
  voucher,
}: {
  purchase: PurchaseDetail;
  voucher: Voucher | null | undefined;
}) {
  const tz = useAppConfig().timezone;
  const pending = p.status === "pending";
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} data-testid="paid-with">
      {voucher && (pending || voucher.status === "expired") ? (
        <VoucherPanel voucher={voucher} timeZone={tz} />
      ) : null}
      <Title order={2} fz={18} mb="sm">
        {pending ? checkoutCopy.includes : checkoutCopy.paidWith}
      </Title>
      <Table>
        <Table.Tbody>
          {[
            { purchase_id: p.purchase_id, title: p.title, total_payment: p.total_payment },
            ...p.paid_with,
          ].map((line) => (
            <Table.Tr key={line.purchase_id}>
              <Table.Td>{line.title}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(line.total_payment)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The credits the purchase granted, each with its expiry. */
export function GrantedCredits({ purchase: p }: { purchase: PurchaseDetail }) {
  const tz = useAppConfig().timezone;
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Title order={2} fz={18} mb="sm">
        {checkoutCopy.credits}
      </Title>
      <Table data-testid="granted-credits">
        <Table.Tbody>
          {p.credits.map((c) => (
            <Table.Tr key={c.available_class_id}>
              <Table.Td fw={700}>
                {c.available_classes === -1
                  ? checkoutCopy.unlimited
                  : `${c.available_classes} ${c.available_classes === 1 ? "crédito" : "créditos"}`}
              </Table.Td>
              <Table.Td c="dimmed">
                {c.expiration_date ? `${checkoutCopy.expires} ${formatDate(c.expiration_date, tz)}` : ""}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
