import { Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { AdminPage } from "../../../components/admin/page-frame";
import { ApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { deskLocationId, setDeskLocationId } from "../../../lib/desk-location";
import { useCashCloseDay } from "../api";
import { CloseForm } from "../components/close-form";
import { ClosedCard } from "../components/closed-card";
import { Figure } from "../components/figures";
import { History } from "../components/history";
import { MovementsTable } from "../components/movements-table";
import { StaffTable } from "../components/staff-table";
import { cashCloseCopy as c } from "../copy";

/**
 * /admin/corte-de-caja (owner, manager, front desk; decision 0063): a location's day per staff
 * member and method, the drawer's count and its difference, and the closes before.
 */
export function CashClosePage() {
  const zone = useAppConfig().timezone;
  // The drawer this browser works at: its sales, confirmations and refunds go to it (decision 0063).
  const [locationId, setLocationId] = useState<number | undefined>(() => deskLocationId());
  const [day, setDay] = useState<string | undefined>();
  const query = useCashCloseDay({ location_id: locationId, day });
  const data = query.data;
  const staleLocation =
    query.error instanceof ApiError && query.error.code === "LOCATION_NOT_FOUND" && locationId !== undefined;
  useEffect(() => {
    // A location deleted since this browser chose it: back to the studio's first.
    if (staleLocation) {
      setDeskLocationId(undefined);
      setLocationId(undefined);
    }
  }, [staleLocation]);
  return (
    <AdminPage title={c.title} loading={query.isLoading} error={query.error} onRetry={() => query.refetch()}>
      {data ? (
        <Stack gap="lg">
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={c.location}
              value={String(data.location_id)}
              onChange={(e) => {
                const id = Number(e.currentTarget.value);
                setDeskLocationId(id);
                setLocationId(id);
              }}
              description={c.locationHint}
              data={data.locations.map((l) => ({ value: String(l.location_id), label: l.name }))}
              w={220}
            />
            <TextInput
              type="date"
              label={c.day}
              value={data.day}
              max={data.today}
              onChange={(e) => e.currentTarget.value && setDay(e.currentTarget.value)}
              w={180}
            />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={c.expected} value={data.expected_cash} hint={c.expectedHint} />
            <Figure label={c.methods.card!} value={data.totals.card} />
            <Figure label={c.methods.transfer!} value={data.totals.transfer} />
            <Figure label={c.total} value={data.totals.total} />
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {c.byStaff}
            </Title>
            <StaffTable data={data} />
          </Stack>
          {data.close ? (
            <ClosedCard data={data} zone={zone} />
          ) : (
            <CloseForm key={`${data.location_id}-${data.day}`} data={data} />
          )}
          <MovementsTable data={data} zone={zone} />
          <History locationId={data.location_id} zone={zone} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
