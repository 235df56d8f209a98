import "@mantine/charts/styles.css";
import { Group, SegmentedControl, Stack } from "@mantine/core";
import { useState } from "react";
import { AdminPage } from "../../../components/admin/page-frame";
import { StudioExportButton } from "../../../components/admin/studio-export";
import { useDashboard } from "../api";
import { DashboardCharts } from "../components/dashboard-charts";
import { DashboardStats } from "../components/dashboard-stats";
import { TodayClasses } from "../components/today-classes";
import { adminCopy } from "../copy";

const c = adminCopy.dashboard;

/** /admin: the studio at a glance, with charts. */
export function DashboardPage() {
  const { data, isLoading, error, refetch } = useDashboard();
  const [iva, setIva] = useState<"con" | "sin">("con");
  return (
    <AdminPage
      title={c.title}
      loading={isLoading}
      error={error}
      onRetry={() => void refetch()}
      actions={<StudioExportButton />}
    >
      {data ? (
        <Stack gap="lg">
          <Group justify="flex-end">
            <SegmentedControl
              aria-label={c.ivaMode}
              value={iva}
              onChange={(v) => setIva(v === "sin" ? "sin" : "con")}
              data={[
                { value: "con", label: c.withIva },
                { value: "sin", label: c.withoutIva },
              ]}
            />
          </Group>
          <DashboardStats data={data} withIva={iva === "con"} />
          <TodayClasses data={data} />
          <DashboardCharts data={data} withIva={iva === "con"} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
