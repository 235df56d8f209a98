import { Button, Group, Menu } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconCalendarPlus,
  IconCashRegister,
  IconChevronDown,
  IconMinus,
  IconPlus,
} from "@tabler/icons-react";
import { useStaffCan } from "../../../lib/staff-permissions";
import type { CustomerDetail } from "../api";
import { adminCopy } from "../copy";
import { BookClassModal } from "./book-class-modal";
import { GrantAccessModal } from "./grant-access-modal";
import { MergeModal } from "./merge-modal";
import { RemoveClassesModal } from "./remove-classes-modal";
import { SellPackageModal } from "./sell-package-modal";
import type { AskToConfirm } from "./use-customer-confirm";

const c = adminCopy.customers;

/**
 * The desk's buttons over a customer (sell, grant, remove classes, book) and the "Más" menu, with
 * the dialogs they open. Merging and closing an account show only to the roles the server lets do
 * them (decision 0069; 0031: merging is the manager's and owner's, closing the owner's alone).
 */
export function CustomerActionBar({
  detail,
  closed,
  onAsk,
}: {
  detail: CustomerDetail;
  closed: boolean;
  onAsk: AskToConfirm;
}) {
  const { customer, credits } = detail;
  const id = customer.customer_id;
  const can = useStaffCan();
  const [grantOpen, grant] = useDisclosure(false);
  const [removeOpen, remove] = useDisclosure(false);
  const [bookOpen, book] = useDisclosure(false);
  const [sellOpen, sellModal] = useDisclosure(false);
  const [mergeOpen, mergeModal] = useDisclosure(false);
  const inactive = customer.deactivatedAt !== null || customer.merged_into_id !== null;
  const gone = closed || customer.merged_into_id !== null;
  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<IconCashRegister size={16} aria-hidden="true" />}
          onClick={sellModal.open}
          disabled={inactive}
        >
          {c.sell}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={grant.open}
          disabled={inactive}
        >
          {c.grant}
        </Button>
        <Button
          variant="default"
          leftSection={<IconMinus size={16} aria-hidden="true" />}
          onClick={remove.open}
        >
          {c.removeClasses}
        </Button>
        <Button
          variant="default"
          leftSection={<IconCalendarPlus size={16} aria-hidden="true" />}
          onClick={book.open}
          disabled={inactive}
        >
          {c.book}
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden="true" />}>
              {c.more}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              disabled={!customer.uid || inactive}
              onClick={() => onAsk({ kind: "reset", email: customer.email })}
            >
              {c.passwordReset}
            </Menu.Item>
            {can("mergeCustomers") ? (
              <Menu.Item disabled={inactive} onClick={mergeModal.open}>
                {c.merge}
              </Menu.Item>
            ) : null}
            {gone || !can("closeAccount") ? null : (
              <Menu.Item color="red" onClick={() => onAsk({ kind: "close" })}>
                {c.closeAccount}
              </Menu.Item>
            )}
            {gone ? null : customer.deactivatedAt ? (
              <Menu.Item color="green" onClick={() => onAsk({ kind: "active", active: true })}>
                {c.reactivate}
              </Menu.Item>
            ) : (
              <Menu.Item color="red" onClick={() => onAsk({ kind: "active", active: false })}>
                {c.deactivate}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <GrantAccessModal customerId={id} opened={grantOpen} onClose={grant.close} />
      <RemoveClassesModal
        customerId={id}
        opened={removeOpen}
        onClose={remove.close}
        available={credits.total}
      />
      <BookClassModal customerId={id} opened={bookOpen} onClose={book.close} />
      <SellPackageModal customerId={id} opened={sellOpen} onClose={sellModal.close} />
      <MergeModal key={`merge-${mergeOpen}`} detail={detail} opened={mergeOpen} onClose={mergeModal.close} />
    </>
  );
}
