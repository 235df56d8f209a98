import { Button, Group, Modal, NumberInput, Radio, Stack, Text, TextInput } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import { PackageSelect } from "../../../components/choice-selects";
import { useStaffCan } from "../../../lib/staff-permissions";
import { adminCopy } from "../copy";
import { SavedCardChoice } from "./saved-card-choice";
import { TrialWarning } from "./trial-warning";
import { type Payment, useDeskSale } from "./use-desk-sale";

const c = adminCopy.customers;

type ModalProps = { opened: boolean; onClose: () => void };

/**
 * "Vender paquete": a package sold at the counter (cash, the studio's card terminal, transfer)
 * or given as a gift; the customer gets the receipt or the gift note by email (decision 0022).
 */
export function SellPackageModal({ customerId, opened, onClose }: ModalProps & { customerId: number }) {
  const sale = useDeskSale(customerId, opened, onClose);
  const can = useStaffCan();
  const { payment, savedCard } = sale;
  const hint = savedCard
    ? c.savedCardHint
    : { cash: c.cashHint, card: c.cardHint, transfer: c.transferHint, gift: c.giftHint }[payment];

  return (
    <Modal opened={opened} onClose={onClose} title={c.sell} centered radius="md">
      <Stack gap="sm">
        <PackageSelect
          label={c.package}
          choices={sale.packages}
          value={sale.packageId}
          onChange={sale.choose}
          searchable
          required
          nothingFoundMessage={adminCopy.table.empty}
          comboboxProps={{ withinPortal: true }}
        />
        {sale.trialUsed ? (
          <TrialWarning
            used={sale.trialUsed}
            mayOverride={can("sellTrialAgain")}
            override={sale.trialOverride}
            onOverride={sale.setTrialOverride}
          />
        ) : null}
        <Stack gap={4}>
          {/* Radios that wrap, not a segmented control: on a 390 px phone its four equal
              segments cut "Transferencia" and "Regalo" short. */}
          <Radio.Group label={c.payment} value={payment} onChange={(v) => sale.setPayment(v as Payment)}>
            <Group gap="lg" mt={4}>
              {(["cash", "card", "transfer", "gift"] as const).map((value) => (
                <Radio key={value} value={value} label={c.payments[value]!} />
              ))}
            </Group>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        {payment === "card" ? (
          <SavedCardChoice
            customerId={customerId}
            opened={opened}
            source={sale.cardSource}
            onSource={sale.setCardSource}
            sourceId={sale.sourceId}
            onSourceId={sale.setSourceId}
          />
        ) : null}
        {(payment === "card" && !savedCard) || payment === "transfer" ? (
          <TextInput
            label={c.reference}
            value={sale.reference}
            onChange={(e) => sale.setReference(e.currentTarget.value)}
            maxLength={60}
          />
        ) : null}
        {sale.gift ? null : (
          <NumberInput
            label={c.charged}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            prefix="$"
            value={sale.amount === "" ? sale.price : sale.amount}
            onChange={sale.setAmount}
            disabled={!sale.pkg || savedCard}
          />
        )}
        <Button onClick={sale.submit} loading={sale.submitting} disabled={!sale.canSubmit} mt="xs">
          {sale.gift ? c.giftSubmit : c.sellSubmit(formatMoney(sale.charged))}
        </Button>
      </Stack>
    </Modal>
  );
}
