import { Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatDate, formatDateTime } from "../../../../domain/format";
import type { CustomerDetail } from "../api";
import { adminCopy } from "../copy";
import { Section } from "./customer-section";
import type { AskToConfirm } from "./use-customer-confirm";

const c = adminCopy.customers;

/** "Penalizaciones" (an active one liftable after a confirmation) beside "Listas de espera". */
export function CustomerPenaltiesAndWaitlists({
  detail,
  timeZone,
  onAsk,
}: {
  detail: CustomerDetail;
  timeZone: string;
  onAsk: AskToConfirm;
}) {
  return (
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
                    {c.until} {formatDate(p.end_date, timeZone)}
                  </Text>
                </Stack>
                {p.active ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => onAsk({ kind: "lift", id: p.class_reservation_penalty_id })}
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
                  {w.class_type} · {formatDateTime(w.class_date, timeZone)}
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
  );
}
