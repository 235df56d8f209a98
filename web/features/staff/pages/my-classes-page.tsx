import { Alert, Badge, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { Link } from "react-router";
import { countLabel, formatDate, formatTime, wallClock, weekdayName } from "../../../../domain/format";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { MyPay } from "../../reports/public";
import { type MyClass, useMyClasses } from "../api";

/** "YYYY-MM-DD" of an instant on the studio's calendar. */
function dayKey(iso: string, zone: string): string {
  const c = wallClock(iso, zone);
  return c ? `${c.year}-${String(c.month).padStart(2, "0")}-${String(c.day).padStart(2, "0")}` : "";
}

function ClassCard({ item, zone }: { item: MyClass; zone: string }) {
  const full = item.capacity !== null && item.booked >= item.capacity;
  return (
    <UnstyledButton component={Link} to={`/admin/mis-clases/${item.single_class_id}`}>
      <Card withBorder radius="md" p="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={700} fz="lg">
              {formatTime(item.class_date, zone)} · {item.class_type}
            </Text>
            <Text size="sm" c="dimmed">
              {[item.location, `${item.duration_minutes} min`].filter(Boolean).join(" · ")}
            </Text>
          </Stack>
          {item.cancelled ? (
            <Badge color="red.9" variant="light">
              Cancelada
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" mt="sm">
          <Badge variant="light" color={full ? "orange.9" : "teal.9"}>
            {item.capacity === null
              ? countLabel(item.booked, "reservación", "reservaciones")
              : `${item.booked} de ${item.capacity} lugares`}
          </Badge>
          {item.waiting > 0 ? (
            <Badge variant="light" color="grape.9">
              {countLabel(item.waiting, "en espera", "en espera")}
            </Badge>
          ) : null}
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/**
 * /admin/mis-clases: the coach's today and the next days, each class with its bookings (decision
 * 0031).
 */
export function MyClassesPage() {
  usePageTitle("Mis clases");
  const config = useAppConfig();
  const zone = config.timezone;
  const classes = useMyClasses(7);
  if (classes.isPending) return <Loader role="status" aria-label="Cargando tus clases" />;
  if (classes.isError) return <Alert color="red">{classes.error.message}</Alert>;
  const { from, instructor_id } = classes.data;
  const byDay = new Map<string, MyClass[]>();
  for (const item of classes.data.classes) {
    const key = dayKey(item.class_date, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const today = byDay.get(from) ?? [];
  const later = [...byDay.entries()].filter(([key]) => key !== from);
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} maw={720} mx="auto">
      <Title order={1} fz={28}>
        Mis clases
      </Title>
      {instructor_id === null ? (
        <Alert color="yellow">Tu cuenta todavía no tiene un perfil de coach. Pídeselo al propietario.</Alert>
      ) : null}
      <Stack gap="sm">
        <Title order={2} fz={20}>
          Hoy
        </Title>
        {today.length === 0 ? (
          <Text c="dimmed">Hoy no tienes clases.</Text>
        ) : (
          today.map((item) => <ClassCard key={item.single_class_id} item={item} zone={zone} />)
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2} fz={20}>
          Esta semana
        </Title>
        {later.length === 0 ? <Text c="dimmed">No tienes más clases en los próximos días.</Text> : null}
        {later.map(([key, items]) => (
          <Stack key={key} gap="xs">
            <Text fw={600} tt="capitalize">
              {weekdayName(items[0]!.class_date, zone)} {formatDate(items[0]!.class_date, zone)}
            </Text>
            {items.map((item) => (
              <ClassCard key={item.single_class_id} item={item} zone={zone} />
            ))}
          </Stack>
        ))}
      </Stack>
      <MyPay />
    </Stack>
  );
}
