import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import type { Penalty } from "../../../../domain/api/credits";
import { formatDate } from "../../../../domain/format";

/** A penalty's state: active, lifted by staff, still ahead, or over. */
function penaltyState(p: Penalty, now: number) {
  if (p.active) return { label: "Activa", color: "red" };
  if (p.lifted_at) return { label: "Levantada", color: "gray" };
  if (new Date(p.start_date).getTime() > now) return { label: "Programada", color: "yellow" };
  return { label: "Terminada", color: "gray" };
}

/** "Penalizaciones": each with its state and dates; an active one can be lifted. */
export function CreditPenaltiesList({
  penalties,
  timeZone,
  onLift,
}: {
  penalties: Penalty[];
  timeZone: string;
  onLift: (penalty: Penalty) => void;
}) {
  const now = Date.now();
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm">
        Penalizaciones
      </Title>
      {penalties.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin penalizaciones.
        </Text>
      ) : (
        penalties.map((p) => {
          const state = penaltyState(p, now);
          return (
            <Group key={p.class_reservation_penalty_id} justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Badge color={state.color} variant="light" tt="none">
                  {state.label}
                </Badge>
                <Text size="sm">
                  {formatDate(p.start_date, timeZone)} – {formatDate(p.end_date, timeZone)} ·{" "}
                  {p.no_shows === 1 ? "1 inasistencia" : `${p.no_shows} inasistencias`}
                </Text>
              </Group>
              {p.active ? (
                <Button size="compact-sm" variant="light" onClick={() => onLift(p)}>
                  Levantar
                </Button>
              ) : null}
            </Group>
          );
        })
      )}
    </Stack>
  );
}
