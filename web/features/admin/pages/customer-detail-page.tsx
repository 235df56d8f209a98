import { Anchor, Group, SimpleGrid, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { CustomerStoreCredit } from "../../gift-cards/public";
import { CustomerMessages, customerMessagesTitle } from "../../messaging/public";
import { CollectWaiverButton } from "../../waivers/public";
import { type CustomerDetail, useCustomerDetail } from "../api";
import { AuditTable } from "../components/audit-table";
import { CustomerActionBar } from "../components/customer-action-bar";
import { CustomerConfirmModal } from "../components/customer-confirm-modal";
import { CustomerCreditsPanel } from "../components/customer-credits-panel";
import { CustomerCreditsSummary } from "../components/customer-credits-summary";
import { CustomerFacturas } from "../components/customer-facturas";
import { CustomerPenaltiesAndWaitlists } from "../components/customer-penalties-waitlists";
import { CustomerProfileSection } from "../components/customer-profile-section";
import { CustomerPurchases } from "../components/customer-purchases";
import { CustomerRefunds, isOwedGiveBack, OwedGiveBackAlert } from "../components/customer-refunds";
import { CustomerReservations } from "../components/customer-reservations";
import { Section } from "../components/customer-section";
import { CustomerStatusAlerts } from "../components/customer-status-alerts";
import { NotesPanel } from "../components/notes-panel";
import type { PendingAction } from "../components/use-customer-confirm";
import { adminCopy } from "../copy";
import { fullName } from "./customers-page";

const c = adminCopy.customers;

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
  const tz = useAppConfig().timezone;
  const id = detail.customer.customer_id;
  const { customer } = detail;
  // Every confirmation of the page goes through one dialog, one action at a time.
  const [pending, setPending] = useState<PendingAction | null>(null);
  // What this role may use, from the table the server enforces (decision 0069).
  const can = useStaffCan();
  // The ARCO closure lives in the audit log (decision 0024): asked by the customer, done by staff.
  const closed = detail.audit.some((e) => e.action === "customer.close");

  return (
    <Stack gap="lg">
      {/* The carta responsiva's state and the desk's tablet signing (decision 0099). */}
      {closed ? null : <CollectWaiverButton customerId={id} customerName={fullName(customer)} />}
      <CustomerStatusAlerts detail={detail} closed={closed} timeZone={tz} />
      <OwedGiveBackAlert refunds={detail.refunds} />
      <CustomerActionBar detail={detail} closed={closed} onAsk={setPending} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CustomerProfileSection detail={detail} timeZone={tz} />
        <CustomerCreditsSummary credits={detail.credits} timeZone={tz} />
      </SimpleGrid>

      <Section title={c.notes}>
        <NotesPanel customerId={id} notes={detail.notes} />
      </Section>

      <CustomerPurchases
        customerId={id}
        purchases={detail.purchases}
        refusedRefunds={new Set(detail.refunds.filter(isOwedGiveBack).map((r) => r.purchase_id))}
        timeZone={tz}
        onAsk={setPending}
      />
      <CustomerRefunds customerId={id} refunds={detail.refunds} timeZone={tz} />

      <Section title={adminCopy.facturas.title}>
        <CustomerFacturas
          customerId={id}
          purchaseTitles={new Map(detail.purchases.map((p) => [p.purchase_id, p.title]))}
          timeZone={tz}
        />
      </Section>

      <CustomerReservations
        customerId={id}
        reservations={detail.reservations}
        timeZone={tz}
        onAsk={setPending}
      />
      <CustomerPenaltiesAndWaitlists detail={detail} timeZone={tz} onAsk={setPending} />
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

      <CustomerConfirmModal customerId={id} pending={pending} onChange={setPending} />
    </Stack>
  );
}
