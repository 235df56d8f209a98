import { Button, Select, Stack, Text } from "@mantine/core";
import { IconDeviceTablet } from "@tabler/icons-react";
import { useState } from "react";
import { dayParts } from "../../../../domain/booking";
import { monthName, weekdayName } from "../../../../domain/format";
import { AdminPage } from "../../../components/admin/page-frame";
import { useStaffCan } from "../../../lib/staff-permissions";
import { usePageTitle } from "../../../lib/use-page-title";
import { DeskSaleButton } from "../../retail/public";
import { useToday } from "../api";
import { OpenKioskModal } from "../components/open-kiosk-modal";
import { TodayClassCard } from "../components/today-class-card";
import { frontDeskCopy as c } from "../copy";

/** "domingo 29 de noviembre": a studio day in words (after "Hoy, "). */
function dayInWords(day: string): string {
  const [year, month, date] = dayParts(day);
  return `${weekdayName(new Date(Date.UTC(year, month - 1, date, 12)), "UTC").toLowerCase()} ${date} de ${monthName(month).toLowerCase()}`;
}

/**
 * /admin/hoy — the desk's home (docs/product-rules.md#hoy): today's classes in time order, every
 * location or one, each one tap from its attendance, the next one highlighted; and the kiosk.
 */
export function TodayPage() {
  usePageTitle(c.title);
  const can = useStaffCan();
  const [locationId, setLocationId] = useState<number | null>(null);
  const [kiosk, setKiosk] = useState(false);
  const query = useToday(null, locationId);
  const data = query.data;
  const locations = data?.locations ?? [];

  return (
    <AdminPage
      title={data ? `${c.title}, ${dayInWords(data.day)}` : c.title}
      loading={query.isLoading}
      error={query.error}
      onRetry={() => query.refetch()}
      actions={
        <>
          {/* Products sold at the counter (docs/product-rules.md#retail). */}
          <DeskSaleButton />
          {can("openKiosk") ? (
            <Button
              variant="light"
              size="md"
              leftSection={<IconDeviceTablet size={20} aria-hidden="true" />}
              onClick={() => setKiosk(true)}
            >
              {c.openKiosk}
            </Button>
          ) : null}
        </>
      }
    >
      {data ? (
        <Stack gap="md">
          {locations.length > 1 ? (
            <Select
              label={c.location}
              data={[
                { value: "", label: c.allLocations },
                ...locations.map((l) => ({ value: String(l.location_id), label: l.name })),
              ]}
              value={locationId ? String(locationId) : ""}
              onChange={(v) => setLocationId(v ? Number(v) : null)}
              allowDeselect={false}
              maw={360}
              size="md"
            />
          ) : null}
          {data.classes.length === 0 ? (
            <Text>{locationId ? c.emptyLocation : c.empty}</Text>
          ) : (
            <Stack gap="sm" data-testid="today-classes">
              {data.classes.map((k) => (
                <TodayClassCard key={k.single_class_id} klass={k} zone={data.timezone} />
              ))}
            </Stack>
          )}
        </Stack>
      ) : null}
      <OpenKioskModal opened={kiosk} onClose={() => setKiosk(false)} locations={locations} />
    </AdminPage>
  );
}
