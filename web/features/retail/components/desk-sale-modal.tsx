import { Button, Group, Modal, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import type { DeskPayment } from "../../../../domain/desk-sale";
import { formatMoney } from "../../../../domain/format";
import { CustomerPicker, type PickedCustomer } from "../../../components/admin/customer-picker";
import { DeskPaymentFields } from "../../../components/admin/desk-payment-fields";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { deskLocationId } from "../../../lib/desk-location";
import { useProducts, useSell } from "../api";
import { retailCopy as c } from "../copy";
import { CustomerCreditField } from "./customer-credit-field";
import { leftAt, SaleLine } from "./sale-line";
import { type Tender, TenderFields, tenderBody } from "./tender-fields";

/** The desk's counter sale of products in one payment (docs/product-rules.md#retail, decision 0094). */
export function DeskSaleModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const products = useProducts();
  const sell = useSell();
  const location = deskLocationId();
  const [cart, setCart] = useState<Record<number, number>>({});
  const [payment, setPayment] = useState<DeskPayment>("cash");
  const [reference, setReference] = useState("");
  const [search, setSearch] = useState("");
  const [tender, setTender] = useState<Tender>({ code: "", amount: "" });
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [creditAmount, setCreditAmount] = useState<number | string>("");
  const forSale = (products.data ?? [])
    .filter((p) => p.available && p.name.toLowerCase().includes(search.trim().toLowerCase()))
    .flatMap((p) => p.variants.filter((v) => v.available).map((v) => ({ product: p, variant: v })));
  const all = (products.data ?? []).flatMap((p) => p.variants);
  const lines = Object.entries(cart)
    .filter(([, q]) => q > 0)
    .map(([id, quantity]) => ({ variant_id: Number(id), quantity }));
  const total = lines.reduce(
    (sum, l) => sum + (all.find((v) => v.variant_id === l.variant_id)?.price ?? 0) * l.quantity,
    0,
  );
  // Saldo a favor pays up to the total less what the gift card is named to pay, and up to the saldo.
  const cardNamed = tender.code.trim() && typeof tender.amount === "number" ? tender.amount : 0;
  const close = () => {
    setCustomer(null);
    setCreditAmount("");
    setCart({});
    setReference("");
    setSearch("");
    setTender({ code: "", amount: "" });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={c.saleTitle} centered radius="md" size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (lines.length === 0) return;
          sell.mutate(
            {
              location_id: location ?? null,
              payment,
              reference: reference.trim() || null,
              lines,
              customer_id: customer?.customer_id ?? null,
              ...tenderBody(tender),
              ...(customer && typeof creditAmount === "number" && creditAmount > 0
                ? { credit_amount: creditAmount }
                : {}),
            },
            {
              onSuccess: (r) => {
                notifySuccess(
                  r.paid_by_gift_card > 0 || r.paid_by_credit > 0
                    ? c.saleDoneBalances(r.paid_by_gift_card, r.paid_by_credit, r.collected)
                    : r.message,
                );
                close();
              },
              onError: notifyError,
            },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={c.saleSearch}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={60}
          />
          <Paper withBorder radius="md" p="sm" mah={320} style={{ overflowY: "auto" }}>
            <Stack gap="sm">
              {forSale.length === 0 ? <Text c="dimmed">{c.emptyDesk}</Text> : null}
              {forSale.map(({ product, variant }) => (
                <SaleLine
                  key={variant.variant_id}
                  product={product}
                  variant={variant}
                  qty={cart[variant.variant_id] ?? 0}
                  left={leftAt(variant, location)}
                  onChange={(n) => setCart((old) => ({ ...old, [variant.variant_id]: Math.max(0, n) }))}
                />
              ))}
            </Stack>
          </Paper>
          <CustomerPicker
            label={c.customer}
            description={c.customerHint}
            noneText={c.customerNone}
            clearText={c.customerClear}
            value={customer}
            onChange={(next) => {
              setCustomer(next);
              setCreditAmount("");
            }}
          />
          {customer ? (
            <CustomerCreditField
              customerId={customer.customer_id}
              room={Math.max(0, total - cardNamed)}
              value={creditAmount}
              onChange={setCreditAmount}
            />
          ) : null}
          <TenderFields value={tender} onChange={setTender} />
          <DeskPaymentFields
            payment={payment}
            onPayment={setPayment}
            reference={reference}
            onReference={setReference}
          />
          <Group justify="space-between">
            <Text fw={600}>
              {c.total}: <span data-testid="sale-total">{formatMoney(total)}</span>
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={close}>
                {c.cancel}
              </Button>
              <Button type="submit" loading={sell.isPending} disabled={lines.length === 0}>
                {lines.length === 0 ? c.saleEmptyCart : c.charge(total)}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
