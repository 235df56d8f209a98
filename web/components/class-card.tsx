import { Badge, Button, Card, Group, Image, Stack, Text } from "@mantine/core";
import { IconClock, IconMapPin } from "@tabler/icons-react";
import type { ClassCardState } from "../../domain/booking";
import { formatTime, spotsLabel } from "../../domain/format";
import { readableTextOn } from "../lib/color";

export interface ClassCardData {
  class_date: string;
  duration_minutes: number;
  description: string | null;
  class_type: { name: string; icon: string | null; color: string | null };
  location: { name: string } | null;
  class_instructors: { instructor: { instructor_id: number; name: string; nick_name: string | null } }[];
  tags: { tag_id: number; name: string; color: string | null }[];
  available: number;
  my_reservation: { guest: unknown } | null;
}

export interface ClassCardProps {
  data: ClassCardData;
  state: ClassCardState;
  timeZone: string;
  waitlistEnabled: boolean;
  onReserve: () => void;
  onCancel: () => void;
  onBuy: () => void;
  onWaitlist: () => void;
}

/**
 * One class in the calendar (seed 000 §4 "Class card state"): type, location, time, coaches,
 * seats badge, tags and the one action its state allows.
 */
export function ClassCard({
  data,
  state,
  timeZone,
  waitlistEnabled,
  onReserve,
  onCancel,
  onBuy,
  onWaitlist,
}: ClassCardProps) {
  const reserved = state === "reserved";
  const accent = data.class_type.color ?? "var(--mantine-primary-color-filled)";
  const seats = data.my_reservation?.guest ? 2 : 1;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="class-card"
      data-state={state}
      style={{
        borderLeft: `4px solid ${accent}`,
        background: reserved ? "var(--mantine-primary-color-light)" : undefined,
      }}
    >
      <Stack gap={6}>
        <Group gap={8} wrap="nowrap" align="flex-start">
          {data.class_type.icon ? (
            <Image src={data.class_type.icon} alt="" w={24} h={24} fit="contain" />
          ) : null}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="sm" lh={1.25}>
              {data.class_type.name}
            </Text>
            {data.description ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {data.description}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Group gap={4} c="dimmed">
          <IconClock size={14} aria-hidden />
          <Text size="xs">
            {formatTime(data.class_date, timeZone)} · {data.duration_minutes} min
          </Text>
        </Group>
        {data.location ? (
          <Group gap={4} c="dimmed">
            <IconMapPin size={14} aria-hidden />
            <Text size="xs">{data.location.name}</Text>
          </Group>
        ) : null}
        <Group gap={4}>
          {data.class_instructors.map(({ instructor }) => (
            <Badge key={instructor.instructor_id} variant="light" color="gray" size="sm" tt="none">
              {instructor.nick_name || instructor.name}
            </Badge>
          ))}
        </Group>
        <Group gap={4}>
          {state === "full" ? (
            <Badge color="red" size="sm">
              Sold Out
            </Badge>
          ) : state !== "package" ? (
            <Badge color="green" variant="light" size="sm" tt="none">
              {spotsLabel(data.available)}
            </Badge>
          ) : null}
          {data.tags.map((tag) => (
            <Badge
              key={tag.tag_id}
              size="sm"
              variant="filled"
              tt="none"
              color={tag.color ?? "gray"}
              c={tag.color?.startsWith("#") ? readableTextOn(tag.color) : undefined}
            >
              {tag.name}
            </Badge>
          ))}
        </Group>
        <CardAction
          state={state}
          seats={seats}
          waitlistEnabled={waitlistEnabled}
          onReserve={onReserve}
          onCancel={onCancel}
          onBuy={onBuy}
          onWaitlist={onWaitlist}
        />
      </Stack>
    </Card>
  );
}

function CardAction({
  state,
  seats,
  waitlistEnabled,
  onReserve,
  onCancel,
  onBuy,
  onWaitlist,
}: Pick<ClassCardProps, "state" | "waitlistEnabled" | "onReserve" | "onCancel" | "onBuy" | "onWaitlist"> & {
  seats: number;
}) {
  switch (state) {
    case "reserved":
      return (
        <Stack gap={4}>
          <Badge variant="filled" size="sm" tt="none">
            Reservada ({seats})
          </Badge>
          <Button size="compact-xs" variant="light" color="red" onClick={onCancel}>
            Cancelar
          </Button>
        </Stack>
      );
    case "package":
      return (
        <Button size="xs" fullWidth onClick={onBuy}>
          Comprar
        </Button>
      );
    case "full":
      return waitlistEnabled ? (
        <Button size="xs" variant="light" fullWidth onClick={onWaitlist}>
          Lista de espera
        </Button>
      ) : null;
    case "bookable":
      return (
        <Button size="xs" fullWidth onClick={onReserve}>
          Reservar
        </Button>
      );
    default:
      return null;
  }
}
