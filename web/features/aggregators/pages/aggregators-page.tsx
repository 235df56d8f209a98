import { SimpleGrid, Tabs } from "@mantine/core";
import { useState } from "react";
import { localDay } from "../../../../domain/booking";
import { AdminPage } from "../../../components/admin/page-frame";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { usePageTitle } from "../../../lib/use-page-title";
import { useAggregatorSettings, useReconciliation, useUnvalidatedVisits } from "../api";
import { ReconciliationView } from "../components/reconciliation-view";
import { AggregatorSettingsForm } from "../components/settings-form";
import { VisitsTable } from "../components/visits-table";
import { aggregatorsCopy as c } from "../copy";

/**
 * /admin/plataformas: Wellhub and TotalPass. The desk sees the visits not validated yet; owner
 * and manager also set each aggregator and read the month's reconciliation.
 */
export function AggregatorsPage() {
  usePageTitle(c.title);
  const can = useStaffCan();
  const manage = can("configureAggregators");
  const zone = useAppConfig().timezone;
  const [month, setMonth] = useState(() => localDay(new Date(), zone).slice(0, 7));
  const settings = useAggregatorSettings(can("viewAggregatorSettings"));
  const visits = useUnvalidatedVisits(can("viewAggregatorVisits"));
  const reconciliation = useReconciliation(month, can("viewAggregatorReconciliation"));
  const [tab, setTab] = useState<string | null>("visits");
  const active = manage ? settings : visits;
  return (
    <AdminPage
      title={c.title}
      loading={active.isLoading}
      error={active.error}
      onRetry={() => active.refetch()}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="visits">{c.tabs.visits}</Tabs.Tab>
          {manage ? <Tabs.Tab value="settings">{c.tabs.settings}</Tabs.Tab> : null}
          {manage ? <Tabs.Tab value="reconciliation">{c.tabs.reconciliation}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="visits" pt="md">
          <VisitsTable visits={visits.data ?? []} />
        </Tabs.Panel>
        {manage ? (
          <Tabs.Panel value="settings" pt="md">
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {(settings.data ?? []).map((s) => (
                <AggregatorSettingsForm key={s.aggregator} settings={s} />
              ))}
            </SimpleGrid>
          </Tabs.Panel>
        ) : null}
        {manage ? (
          <Tabs.Panel value="reconciliation" pt="md">
            <ReconciliationView month={month} onMonth={setMonth} data={reconciliation.data} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </AdminPage>
  );
}
