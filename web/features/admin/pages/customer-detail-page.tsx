import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  IconArrowLeft,
  IconCalendarPlus,
  IconCashRegister,
  IconChevronDown,
  IconMinus,
  IconPencil,
  IconPlus,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { deskPaymentText } from "../../../../domain/desk-sale";
import { formatBirthdate, formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import { type AdminColumn, AdminTable } from "../../../components/admin/admin-table";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { providerLabel } from "../../../components/admin/copy";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { CustomerStoreCredit } from "../../gift-cards/public";
import { CustomerMessages, customerMessagesTitle } from "../../messaging/public";
import { CollectWaiverButton } from "../../waivers/public";
import {
  type AdminPurchase,
  type CustomerDetail,
  useCancelForCustomer,
  useCloseCustomerAccount,
  useConfirmCash,
  useCustomerDetail,
  useLiftPenalty,
  useRevokeAccess,
  useSendPasswordReset,
  useSetCustomerActive,
} from "../api";
import { AuditTable } from "../components/audit-table";
import { BookClassModal, GrantAccessModal, RemoveClassesModal } from "../components/customer-actions";
import { CustomerCreditsPanel } from "../components/customer-credits-panel";
import { CustomerFacturas } from "../components/customer-facturas";
import {
  EditCustomerModal,
  MergeModal,
  NotesPanel,
  SellPackageModal,
  TagsEditor,
} from "../components/customer-record";
import { FreezeModal, moneyActionLabels, RefundModal } from "../components/purchase-money-actions";
import { adminCopy } from "../copy";
import { fullName } from "./customers-page";

const c = adminCopy.customers;

/** What the purchase list carries for refunds and freezes (the API's purchase, decision 0027). */
type MoneyPurchase = AdminPurchase & {
  refunded_total?: number;
  subscription_id?: string | null;
  class_amount?: number | null;
};
const refundedOf = (p: MoneyPurchase) => p.refunded_total ?? 0;
const canRefund = (p: MoneyPurchase) =>
  Boolean(p.credits_granted_at) && p.total_payment > refundedOf(p) && p.status !== "failed";
const canFreeze = (p: MoneyPurchase) =>
  (Boolean(p.subscription_id) && p.status === "active") ||
  (p.class_amount === -1 && p.status === "completed" && refundedOf(p) < p.total_payment);

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm">{value || "—"}</Text>
    </div>
  );
}

function addressText(address: CustomerDetail["address"]): string {
  if (!address) return "";
  const street = [
    address.street,
    address.number,
    address.interior_number ? `int. ${address.interior_number}` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return [
    street,
    address.neighborhood,
    address.zip_code ? `C.P. ${address.zip_code}` : null,
    address.city,
    address.state,
    address.country,
  ]
    .filter(Boolean)
    .join(", ");
}

function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (value && typeof value === "object") return Object.values(value).filter(Boolean).join(", ");
  return String(value ?? "");
}

/** What the confirm modal is about to do. */
type Pending =
  | { kind: "revoke"; purchase: AdminPurchase }
  | { kind: "cash"; purchase: AdminPurchase }
  | { kind: "lift"; id: number }
  | { kind: "cancel"; id: number; label: string; overrideRules: boolean }
  | { kind: "reset"; email: string }
  | { kind: "active"; active: boolean }
  | { kind: "close" }
  | null;

function usePendingAction(customerId: number, close: () => void) {
  const revoke = useRevokeAccess(customerId);
  const cash = useConfirmCash(customerId);
  const lift = useLiftPenalty(customerId);
  const cancel = useCancelForCustomer(customerId);
  const reset = useSendPasswordReset(customerId);
  const active = useSetCustomerActive(customerId);
  const closeAccount = useCloseCustomerAccount(customerId);
  const done = {
    onSuccess: (r: { message: string }) => {
      notifySuccess(r.message);
      close();
    },
    onError: notifyError,
  };
  return {
    loading:
      revoke.isPending ||
      cash.isPending ||
      lift.isPending ||
      cancel.isPending ||
      reset.isPending ||
      active.isPending ||
      closeAccount.isPending,
    run(p: NonNullable<Pending>) {
      if (p.kind === "revoke") revoke.mutate(p.purchase.purchase_id, done);
      else if (p.kind === "cash") cash.mutate(p.purchase.purchase_id, done);
      else if (p.kind === "lift") lift.mutate(p.id, done);
      else if (p.kind === "reset") reset.mutate(undefined, done);
      else if (p.kind === "active") active.mutate(p.active, done);
      else if (p.kind === "close") closeAccount.mutate(undefined, done);
      else cancel.mutate({ reservationId: p.id, overrideRules: p.overrideRules }, done);
    },
  };
}

function confirmText(p: NonNullable<Pending>) {
  if (p.kind === "revoke")
    return { title: c.revoke, message: c.revokeConfirm(p.purchase.title), color: "red" };
  if (p.kind === "cash")
    return { title: c.confirmCash, message: c.cashConfirm(p.purchase.title), color: "green" };
  if (p.kind === "lift") return { title: c.lift, message: c.liftConfirm, color: "brand" };
  if (p.kind === "reset")
    return { title: c.passwordReset, message: c.passwordResetConfirm(p.email), color: "brand" };
  if (p.kind === "close") return { title: c.closeAccount, message: c.closeConfirm, color: "red" };
  if (p.kind === "active")
    return p.active
      ? { title: c.reactivate, message: c.reactivateConfirm, color: "green" }
      : { title: c.deactivate, message: c.deactivateConfirm, color: "red" };
  const message = p.overrideRules ? c.cancelConfirmOverride(p.label) : c.cancelConfirm(p.label);
  return { title: c.cancel, message, color: "red" };
}

/** /admin/clientes/:id: one customer's whole record and the desk's actions on it. */
export function CustomerDetailPage() {
  const id = Number(useParams().id);
  const { data, isLoading, error, refetch } = useCustomerDetail(id);
  return (
    <AdminPage
      title={data ? fullName(data.customer) : c.title}
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      above={
        <Anchor component={Link} to="/admin/clientes" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden="true" />
            {c.back}
          </Group>
        </Anchor>
      }
    >
      {data ? <CustomerBody detail={data} /> : null}
    </AdminPage>
  );
}

function CustomerBody({ detail }: { detail: CustomerDetail }) {
  const config = useAppConfig();
  const tz = config.timezone;
  const id = detail.customer.customer_id;
  const [grantOpen, grant] = useDisclosure(false);
  const [removeOpen, remove] = useDisclosure(false);
  const [bookOpen, book] = useDisclosure(false);
  const [sellOpen, sellModal] = useDisclosure(false);
  const [editOpen, edit] = useDisclosure(false);
  const [mergeOpen, mergeModal] = useDisclosure(false);
  // A fresh edit form per opening: it starts from the record as saved.
  const [editKey, setEditKey] = useState(0);
  const [pending, setPending] = useState<Pending>(null);
  // Refund and freeze dialogs (decision 0027): their own modals, one purchase at a time.
  const [money, setMoney] = useState<{ kind: "refund" | "freeze"; purchase: MoneyPurchase } | null>(null);
  const action = usePendingAction(id, () => setPending(null));
  // What this role may use, from the table the server enforces (decision 0069): refunds, merging
  // and closing an account are hidden from a role that would only get a 403.
  const can = useStaffCan();
  const { customer, credits } = detail;
  const now = Date.now();

  const purchaseColumns: AdminColumn<MoneyPurchase>[] = [
    {
      key: "createdAt",
      header: c.date,
      value: (p) => p.createdAt,
      render: (p) => formatDate(p.createdAt, tz),
    },
    {
      key: "title",
      header: c.package,
      value: (p) => p.title,
      render: (p) => (
        <Group gap={6}>
          {p.title}
          {p.is_gift ? (
            <Badge size="xs" variant="light" color="grape">
              {c.gift}
            </Badge>
          ) : null}
          {refundedOf(p) > 0 ? (
            <Text size="xs" c="orange.9" fw={600}>
              {refundedOf(p) >= p.total_payment ? "Reembolsada" : `Reembolso: ${formatMoney(refundedOf(p))}`}
            </Text>
          ) : null}
        </Group>
      ),
    },
    { key: "status", header: c.status, value: (p) => p.status_text },
    {
      key: "provider",
      header: c.provider,
      value: (p) =>
        deskPaymentText(p.provider_ref) ?? p.payment_method_name ?? providerLabel[p.provider] ?? p.provider,
    },
    {
      key: "total",
      header: c.total,
      value: (p) => p.total_payment,
      render: (p) => formatMoney(p.total_payment),
      align: "right",
    },
    {
      key: "actions",
      header: "",
      csv: false,
      sortable: false,
      render: (p) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {p.status === "pending" && p.provider === "cash" ? (
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              onClick={() => setPending({ kind: "cash", purchase: p })}
            >
              {c.confirmCash}
            </Button>
          ) : null}
          {canFreeze(p) ? (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => setMoney({ kind: "freeze", purchase: p })}
            >
              {moneyActionLabels.freeze}
            </Button>
          ) : null}
          {canRefund(p) && can("refund") ? (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              onClick={() => setMoney({ kind: "refund", purchase: p })}
            >
              {moneyActionLabels.refund}
            </Button>
          ) : null}
          {p.status !== "revoked" && p.status !== "failed" ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => setPending({ kind: "revoke", purchase: p })}
            >
              {c.revoke}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  type Reservation = CustomerDetail["reservations"][number];
  const classLabel = (r: Reservation) => `${r.class_type} · ${formatDateTime(r.class_date, tz)}`;
  const reservationColumns: AdminColumn<Reservation>[] = [
    {
      key: "date",
      header: c.date,
      value: (r) => r.class_date,
      render: (r) => formatDateTime(r.class_date, tz),
    },
    {
      key: "class",
      header: c.class,
      value: (r) => (r.guest_of_id ? `${r.class_type} (${c.guest}: ${r.guest})` : r.class_type),
    },
    { key: "location", header: c.location, value: (r) => r.location },
    { key: "spot", header: c.spot.replace(" (opcional)", ""), value: (r) => r.spot },
    {
      key: "status",
      header: c.status,
      value: (r) => (r.deletedAt || r.class_cancelledAt ? c.cancelledTag : r.attend ? c.attended : ""),
      render: (r) =>
        r.deletedAt || r.class_cancelledAt ? (
          <Badge color="gray" variant="light" size="sm">
            {c.cancelledTag}
          </Badge>
        ) : r.attend ? (
          <Badge color="green" variant="light" size="sm">
            {c.attended}
          </Badge>
        ) : null,
    },
    {
      key: "actions",
      header: "",
      csv: false,
      sortable: false,
      render: (r) =>
        !r.deletedAt && !r.class_cancelledAt && !r.guest_of_id && new Date(r.class_date).getTime() > now ? (
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() =>
              setPending({
                kind: "cancel",
                id: r.class_reservation_id,
                label: classLabel(r),
                overrideRules: false,
              })
            }
          >
            {c.cancel}
          </Button>
        ) : null,
    },
  ];

  const confirm = pending ? confirmText(pending) : null;
  const inactive = customer.deactivatedAt !== null || customer.merged_into_id !== null;
  // Decision 0031: merging is the manager's and owner's, closing an account the owner's alone.
  // The ARCO closure lives in the audit log (decision 0024): asked by the customer, done by staff.
  const closed = detail.audit.some((e) => e.action === "customer.close");
  const closureAsked = closed ? undefined : detail.audit.find((e) => e.action === "customer.closure_request");

  return (
    <Stack gap="lg">
      {/* The carta responsiva's state and the desk's tablet signing (decision 0099). */}
      {closed ? null : (
        <CollectWaiverButton
          customerId={customer.customer_id}
          customerName={[customer.name, customer.last_name].filter(Boolean).join(" ")}
        />
      )}
      {customer.merged_into_id !== null ? (
        <Alert color="gray" variant="light" title={c.deactivated}>
          <Group gap="xs">
            <Text size="sm">{c.mergedInto}</Text>
            <Anchor component={Link} to={`/admin/clientes/${customer.merged_into_id}`} size="sm">
              {c.openKept}
            </Anchor>
          </Group>
        </Alert>
      ) : closed ? (
        <Alert color="gray" variant="light" title={c.deactivated}>
          {c.closed}
        </Alert>
      ) : customer.deactivatedAt ? (
        <Alert color="red" variant="light" title={c.deactivated}>
          {c.deactivatedSince(formatDate(customer.deactivatedAt, tz))}
        </Alert>
      ) : null}
      {closureAsked ? (
        <Alert color="orange" variant="light" title={c.closureRequested}>
          {c.closureRequestedHint(formatDate(closureAsked.createdAt, tz))}
        </Alert>
      ) : null}
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
              onClick={() => setPending({ kind: "reset", email: customer.email })}
            >
              {c.passwordReset}
            </Menu.Item>
            {can("mergeCustomers") ? (
              <Menu.Item disabled={inactive} onClick={mergeModal.open}>
                {c.merge}
              </Menu.Item>
            ) : null}
            {closed || customer.merged_into_id !== null || !can("closeAccount") ? null : (
              <Menu.Item color="red" onClick={() => setPending({ kind: "close" })}>
                {c.closeAccount}
              </Menu.Item>
            )}
            {closed || customer.merged_into_id !== null ? null : customer.deactivatedAt ? (
              <Menu.Item color="green" onClick={() => setPending({ kind: "active", active: true })}>
                {c.reactivate}
              </Menu.Item>
            ) : (
              <Menu.Item color="red" onClick={() => setPending({ kind: "active", active: false })}>
                {c.deactivate}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section
          title={c.profile}
          action={
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden="true" />}
              onClick={() => {
                setEditKey((k) => k + 1);
                edit.open();
              }}
            >
              {c.edit}
            </Button>
          }
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field
              label={c.email}
              value={<span style={{ overflowWrap: "anywhere" }}>{customer.email}</span>}
            />
            <Field label={c.phone} value={customer.phone} />
            <Field label={c.birthdate} value={formatBirthdate(customer.birthdate)} />
            <Field label={c.instagram} value={customer.instagram} />
            <Field label={c.since} value={formatDate(customer.createdAt, tz)} />
            <Field label={c.address} value={addressText(detail.address)} />
          </SimpleGrid>
          <Stack mt="md" gap={0}>
            <TagsEditor key={customer.tags.join("|")} customerId={id} tags={customer.tags} />
          </Stack>
          <Title order={3} fz="sm" mt="md" mb="xs">
            {c.formAnswers}
          </Title>
          {detail.form_answers.length === 0 ? (
            <Text size="sm" c="dimmed">
              {c.noAnswers}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {detail.form_answers.map((a) => (
                <Field key={a.key} label={a.label} value={answerText(a.value)} />
              ))}
            </SimpleGrid>
          )}
        </Section>

        <Section title={c.creditsTitle}>
          <Stack gap="xs">
            <Text fz={28} fw={700} lh={1.1}>
              {c.creditsTotal(credits.total)}
            </Text>
            {credits.unlimited ? (
              <Badge variant="light" size="lg">
                {credits.unlimited_expiration
                  ? c.unlimitedUntil(formatDate(credits.unlimited_expiration, tz))
                  : c.unlimitedNoEnd}
              </Badge>
            ) : null}
            <Stack gap={6} mt="xs">
              {credits.available_classes
                .filter((b) => b.available_classes !== 0)
                .map((b) => {
                  const expired = b.expiration_date !== null && new Date(b.expiration_date).getTime() <= now;
                  return (
                    <Group key={b.available_class_id} justify="space-between" wrap="nowrap">
                      <Text
                        size="sm"
                        c={expired ? "dimmed" : undefined}
                        td={expired ? "line-through" : undefined}
                      >
                        {b.available_classes === -1 ? c.unlimited : b.available_classes} ·{" "}
                        {b.class_type_names.join(", ") || c.anyType}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {b.expiration_date ? `${c.expires} ${formatDate(b.expiration_date, tz)}` : c.noExpiry}
                      </Text>
                    </Group>
                  );
                })}
            </Stack>
          </Stack>
        </Section>
      </SimpleGrid>

      <Section title={c.notes}>
        <NotesPanel customerId={id} notes={detail.notes} />
      </Section>

      <Section title={c.purchases}>
        <AdminTable
          caption={c.purchases}
          exportFilename={`compras-${id}`}
          columns={purchaseColumns}
          rows={detail.purchases}
          rowKey={(p) => p.purchase_id}
          initialState={{ pageSize: 10 }}
          minWidth={760}
        />
      </Section>

      <Section title={adminCopy.facturas.title}>
        <CustomerFacturas
          customerId={id}
          purchaseTitles={new Map(detail.purchases.map((p) => [p.purchase_id, p.title]))}
          timeZone={tz}
        />
      </Section>

      <Section title={c.reservations}>
        <AdminTable
          caption={c.reservations}
          exportFilename={`reservaciones-${id}`}
          columns={reservationColumns}
          rows={detail.reservations}
          rowKey={(r) => r.class_reservation_id}
          initialState={{ pageSize: 10 }}
          minWidth={760}
        />
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={c.penalties}>
          {detail.penalties.length === 0 ? (
            <Text size="sm" c="dimmed">
              {c.noRows}
            </Text>
          ) : (
            <Stack gap="xs">
              {detail.penalties.map((p) => (
                <Group key={p.class_reservation_penalty_id} justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {c.noShows}: {p.no_shows}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.until} {formatDate(p.end_date, tz)}
                    </Text>
                  </Stack>
                  {p.active ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setPending({ kind: "lift", id: p.class_reservation_penalty_id })}
                    >
                      {c.lift}
                    </Button>
                  ) : (
                    <Badge variant="light" color="gray">
                      {p.liftedAt ? c.lifted : c.inactive}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Section>
        <Section title={c.waitlists}>
          {detail.waitlists.length === 0 ? (
            <Text size="sm" c="dimmed">
              {c.noRows}
            </Text>
          ) : (
            <Stack gap="xs">
              {detail.waitlists.map((w) => (
                <Group key={w.waitlist_id} justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {w.class_type} · {formatDateTime(w.class_date, tz)}
                  </Text>
                  <Badge variant="light" color={w.deletedAt ? "gray" : "brand"}>
                    {c.waitlistStatus[w.status] ?? w.status}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Section>
      </SimpleGrid>
      <CustomerCreditsPanel customerId={id} />
      <CustomerStoreCredit customerId={id} />

      {can("viewCustomerMessages") ? (
        <Section title={customerMessagesTitle}>
          <CustomerMessages customerId={id} />
        </Section>
      ) : null}

      <Section title={c.audit}>
        <AuditTable entries={detail.audit} withCustomer={false} />
      </Section>

      <GrantAccessModal customerId={id} opened={grantOpen} onClose={grant.close} />
      <RemoveClassesModal
        customerId={id}
        opened={removeOpen}
        onClose={remove.close}
        available={credits.total}
      />
      <BookClassModal customerId={id} opened={bookOpen} onClose={book.close} />
      <SellPackageModal customerId={id} opened={sellOpen} onClose={sellModal.close} />
      <EditCustomerModal key={editKey} detail={detail} opened={editOpen} onClose={edit.close} />
      <MergeModal key={`merge-${mergeOpen}`} detail={detail} opened={mergeOpen} onClose={mergeModal.close} />
      {money?.kind === "refund" ? (
        <RefundModal customerId={id} purchase={money.purchase} onClose={() => setMoney(null)} />
      ) : null}
      {money?.kind === "freeze" ? (
        <FreezeModal customerId={id} purchase={money.purchase} timeZone={tz} onClose={() => setMoney(null)} />
      ) : null}
      <ConfirmModal
        opened={pending !== null}
        title={confirm?.title ?? ""}
        message={confirm?.message ?? ""}
        color={confirm?.color}
        loading={action.loading}
        onConfirm={() => pending && action.run(pending)}
        onClose={() => setPending(null)}
      >
        {pending?.kind === "cancel" ? (
          <Switch
            label={c.overrideCancel}
            description={c.overrideCancelHint}
            checked={pending.overrideRules}
            onChange={(e) => setPending({ ...pending, overrideRules: e.currentTarget.checked })}
          />
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
