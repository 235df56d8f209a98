import { Group, Radio, TextInput } from "@mantine/core";
import { DESK_PAYMENT_LABELS, DESK_PAYMENTS, type DeskPayment } from "../../../domain/desk-sale";
import { kitCopy } from "./copy";

const c = kitCopy.deskPayment;

/**
 * How a counter sale is paid (cash, terminal or transfer) and, when not cash, the terminal's
 * authorisation or the transfer's key: one form for every desk sale (products, gift cards).
 */
export function DeskPaymentFields({
  payment,
  onPayment,
  reference,
  onReference,
}: {
  payment: DeskPayment;
  onPayment: (payment: DeskPayment) => void;
  reference: string;
  onReference: (reference: string) => void;
}) {
  return (
    <>
      <Radio.Group label={c.payment} value={payment} onChange={(v) => onPayment(v as DeskPayment)}>
        <Group gap="md" mt={4}>
          {DESK_PAYMENTS.map((p) => (
            <Radio key={p} value={p} label={DESK_PAYMENT_LABELS[p]} />
          ))}
        </Group>
      </Radio.Group>
      {payment === "cash" ? null : (
        <TextInput
          label={c.reference}
          description={c.referenceHint}
          value={reference}
          onChange={(e) => onReference(e.currentTarget.value)}
          maxLength={60}
        />
      )}
    </>
  );
}
