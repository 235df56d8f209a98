import { Alert, Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import { moneyCopy as copy, type RefundablePurchase } from "./purchase-money";
import { useRefund } from "./use-refund";

/** "Reembolsar": all that is left or a part, the reason, and where the money goes back. */
export function RefundModal({
  customerId,
  purchase,
  onClose,
}: {
  customerId: number;
  purchase: RefundablePurchase;
  onClose: () => void;
}) {
  const refund = useRefund(customerId, purchase, onClose);
  return (
    <Modal opened onClose={onClose} title={copy.refundTitle(purchase.title)} centered radius="md">
      <Stack gap="md">
        <Text size="sm">
          {copy.paid(formatMoney(purchase.total_payment), formatMoney(purchase.refunded_total ?? 0))}
        </Text>
        <Radio.Group
          value={refund.mode}
          onChange={(v) => refund.setMode(v as "all" | "part")}
          label={copy.refund}
        >
          <Stack gap={6} mt={6}>
            <Radio value="all" label={copy.all(formatMoney(refund.left))} />
            <Radio value="part" label={copy.part} />
          </Stack>
        </Radio.Group>
        {refund.mode === "part" ? (
          <NumberInput
            label={copy.amount}
            value={refund.amount}
            onChange={refund.setAmount}
            min={0.01}
            max={refund.left}
            decimalScale={2}
            prefix="$"
            thousandSeparator=","
            data-autofocus
          />
        ) : null}
        <Textarea
          label={copy.reason}
          value={refund.reason}
          onChange={(e) => refund.setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Alert color="blue" variant="light">
          <Text size="sm">{refund.card ? copy.howCard : copy.howDesk}</Text>
          <Text size="sm" mt={4}>
            {copy.credits}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {copy.cancel}
          </Button>
          <Button
            color="red"
            loading={refund.submitting}
            disabled={refund.invalid || refund.left <= 0}
            onClick={refund.submit}
          >
            {copy.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
