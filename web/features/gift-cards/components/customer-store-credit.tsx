import { Button, Group, Modal, NumberInput, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCoins } from "@tabler/icons-react";
import { useState } from "react";
import { formatMoney } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useStaffCan } from "../../../lib/staff-permissions";
import { useAdjustCredit, useCustomerCredit } from "../api";
import { giftCardsCopy as c } from "../copy";
import { MovementsTable } from "./movements-table";

function AdjustModal({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const adjust = useAdjustCredit(customerId);
  const [amount, setAmount] = useState<number | string>("");
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const value = typeof amount === "number" ? amount : Number(amount);
  const close = () => {
    setAmount("");
    setNote("");
    setTried(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={c.adjustTitle} centered radius="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!value || !note.trim()) return;
          adjust.mutate(
            { amount: value, note: note.trim() },
            {
              onSuccess: (r) => {
                notifySuccess(r.message);
                close();
              },
              onError: notifyError,
            },
          );
        }}
      >
        <Stack gap="sm">
          <NumberInput
            label={c.adjustAmount}
            value={amount}
            onChange={setAmount}
            min={-100_000}
            max={100_000}
            decimalScale={2}
            thousandSeparator=","
            prefix="$"
            required
            data-autofocus
          />
          <TextInput
            label={c.adjustNote}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
            required
            error={tried && !note.trim() ? c.adjustNoteRequired : null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={adjust.isPending} disabled={!value}>
              {c.adjustSubmit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Saldo a favor on the customer's record (docs/product-rules.md#account-credit): balance, ledger, correction. */
export function CustomerStoreCredit({ customerId }: { customerId: number }) {
  const can = useStaffCan();
  const credit = useCustomerCredit(customerId);
  const [adjusting, setAdjusting] = useState(false);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={c.creditTitle}
      data-testid="customer-store-credit"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} fz="lg">
              {c.creditTitle}
            </Title>
            <Text fw={700} fz="lg">
              {formatMoney(credit.data?.balance ?? 0)}
            </Text>
          </Group>
          {can("adjustCredit") ? (
            <Button
              variant="light"
              size="sm"
              leftSection={<IconCoins size={16} aria-hidden="true" />}
              onClick={() => setAdjusting(true)}
            >
              {c.adjust}
            </Button>
          ) : null}
        </Group>
        {credit.data ? (
          <MovementsTable
            movements={credit.data.movements}
            caption={c.creditTitle}
            empty={c.creditEmpty}
            withActor
          />
        ) : null}
      </Stack>
      {can("adjustCredit") ? (
        <AdjustModal customerId={customerId} opened={adjusting} onClose={() => setAdjusting(false)} />
      ) : null}
    </Paper>
  );
}
