import "@mantine/charts/styles.css";
import { Button, Tabs, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { AdminPage } from "../../../components/admin/page-frame";
import { PeriodLocationFilters } from "../../../components/admin/period-location-filters";
import { useAppConfig } from "../../../lib/app-config";
import { useLocations } from "../../calendar/public";
import { type Drill, type ReportName, reportCsvHref } from "../api";
import { CoachPayTab } from "../components/coach-pay";
import { CustomerValueTab, IntroTab, RetentionTab } from "../components/customer-tabs";
import { DrillModal } from "../components/drill-modal";
import { LiabilityTab } from "../components/liability-tab";
import { RevenueTab } from "../components/revenue-tab";
import { useReportPeriod } from "../components/use-report-period";
import { UtilisationTab } from "../components/utilisation-tab";
import { reportsCopy } from "../copy";

const c = reportsCopy;
type Tab = ReportName | "nomina";

/**
 * /admin/reportes (owner and manager, decision 0078): utilisation, revenue and unused credits for
 * a period of studio days and a location; every figure opens the rows behind it.
 */
export function ReportsPage() {
  const zone = useAppConfig().timezone;
  const period = useReportPeriod(zone);
  const filters = period.filters;
  const [tab, setTab] = useState<Tab>("utilizacion");
  const [drill, setDrill] = useState<Drill | null>(null);
  const locations = useLocations();

  return (
    <AdminPage
      title={c.title}
      actions={
        <Button
          component="a"
          href={
            tab === "nomina"
              ? `/api/nomina/csv?from=${filters.from}&to=${filters.to}`
              : reportCsvHref(tab, filters)
          }
          download
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          {c.csv}
        </Button>
      }
    >
      <PeriodLocationFilters
        labels={c}
        from={period.from}
        to={period.to}
        onFrom={period.setFrom}
        onTo={period.setTo}
        valid={period.valid}
        location={period.location}
        onLocation={period.setLocation}
        locations={locations.data?.locations ?? []}
      />
      <Text size="xs" c="dimmed" mt={-12}>
        {tab === "pasivo" ? c.liability.noFilters : c.periodHint}
      </Text>
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="utilizacion">{c.tabs.utilisation}</Tabs.Tab>
          <Tabs.Tab value="ingresos">{c.tabs.revenue}</Tabs.Tab>
          <Tabs.Tab value="pasivo">{c.tabs.liability}</Tabs.Tab>
          <Tabs.Tab value="intro">{c.tabs.intro}</Tabs.Tab>
          <Tabs.Tab value="retencion">{c.tabs.retention}</Tabs.Tab>
          <Tabs.Tab value="valor-de-clientes">{c.tabs.value}</Tabs.Tab>
          <Tabs.Tab value="nomina">{c.tabs.pay}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="utilizacion">
          <UtilisationTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="ingresos">
          <RevenueTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="pasivo">
          <LiabilityTab zone={zone} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="intro">
          <IntroTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="retencion">
          <RetentionTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="valor-de-clientes">
          <CustomerValueTab filters={filters} open={setDrill} />
        </Tabs.Panel>
        <Tabs.Panel value="nomina">
          <CoachPayTab period={{ from: filters.from, to: filters.to }} zone={zone} />
        </Tabs.Panel>
      </Tabs>
      <DrillModal drill={drill} filters={filters} zone={zone} onClose={() => setDrill(null)} />
    </AdminPage>
  );
}
