import { Button, Modal, NumberInput, Stack, Switch } from "@mantine/core";
import { PackageSelect, PaymentMethodSelect } from "../../../components/choice-selects";
import { adminCopy } from "../copy";
import { useGrantAccess } from "./use-grant-access";

const c = adminCopy.customers;

/** "Agregar acceso": package, days, gift, payment method and the amount charged at the desk. */
export function GrantAccessModal({
  customerId,
  opened,
  onClose,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const grant = useGrantAccess(customerId, opened, onClose);
  return (
    <Modal opened={opened} onClose={onClose} title={c.grant} centered radius="md">
      <Stack gap="sm">
        <PackageSelect
          label={c.package}
          choices={grant.packages}
          value={grant.packageId}
          onChange={grant.choose}
          searchable
          required
          nothingFoundMessage={adminCopy.table.empty}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={c.packageDays}
          description={c.packageDaysHint}
          min={1}
          max={3650}
          allowDecimal={false}
          value={grant.days}
          onChange={grant.setDays}
        />
        <Switch
          label={c.isGift}
          checked={grant.gift}
          onChange={(e) => grant.setGift(e.currentTarget.checked)}
        />
        <PaymentMethodSelect
          label={c.paymentMethod}
          choices={grant.methods}
          value={grant.methodId}
          onChange={grant.setMethodId}
          clearable
          disabled={grant.gift}
        />
        <NumberInput
          label={c.bill}
          min={0}
          decimalScale={2}
          thousandSeparator=","
          prefix="$"
          value={grant.gift ? 0 : grant.bill}
          onChange={grant.setBill}
          disabled={grant.gift}
        />
        <Button onClick={grant.submit} loading={grant.submitting} disabled={!grant.packageId} mt="xs">
          {c.grant}
        </Button>
      </Stack>
    </Modal>
  );
}
