import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { IconHelp, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { formatDateTime } from "../../../../domain/format";
import { t } from "../../../../domain/messages";
import { PageHeading } from "../../../components/page-placeholder";
import { LeaveWaitlistConfirm, useLeaveWaitlist } from "../../../components/waitlist-modal";
import { useAppConfig } from "../../../lib/app-config";
import { copy } from "../../../lib/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { type MyWaitlist, useAcceptOffer, useMyWaitlists } from "../api";

/** What each entry means for the person, in words (every state explained). */
function StatusLine({ entry, timeZone }: { entry: MyWaitlist; timeZone: string }) {
  if (entry.status === "promoted")
    return (
      <Badge color="green" variant="light" tt="none">
        ¡Te asignamos un lugar! Ya está en Mis Reservaciones.
      </Badge>
    );
  if (entry.status === "offered")
    return (
      <Badge color="orange" variant="light" tt="none">
        Lugar disponible hasta {formatDateTime(entry.offer_expires_at, timeZone)}
      </Badge>
    );
  if (entry.closed)
    return (
      <Badge color="gray" variant="light" tt="none">
        La lista cerró: la clase está por empezar.
      </Badge>
    );
  return (
    <Badge variant="light" tt="none">
      Lugar en la fila: {entry.position}
    </Badge>
  );
}

/** /mystudio/waitlists: class, coach, date and time, joined-at, place in line, remove. */
export function WaitlistsPage() {
  usePageTitle(copy.account.waitlists);
  const config = useAppConfig();
  const zone = config.timezone;
  const list = useMyWaitlists();
  const leave = useLeaveWaitlist();
  const accept = useAcceptOffer();
  const [leaving, setLeaving] = useState<number | null>(null);
  const [help, setHelp] = useState(false);
  const entries = list.data?.waitlists ?? [];

  return (
    // The account layout gives no side padding: the Container does, as on Mis Créditos.
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <PageHeading title={copy.account.waitlists} />
          <Tooltip label="¿Cómo funciona?">
            <ActionIcon
              variant="light"
              size="lg"
              radius="xl"
              aria-label="¿Cómo funciona la lista de espera?"
              onClick={() => setHelp(true)}
            >
              <IconHelp size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {list.isLoading ? (
          <Loader />
        ) : entries.length === 0 ? (
          <Text c="dimmed" data-testid="waitlists-empty">
            {t("waitlistEmpty")}
          </Text>
        ) : (
          <Stack gap="sm">
            {entries.map((entry) => {
              const c = entry.single_class;
              const coaches = c.class_instructors
                .map(({ instructor }) => instructor.nick_name || instructor.name)
                .join(", ");
              const inLine = entry.status === "waiting" || entry.status === "offered";
              return (
                <Card
                  key={entry.waitlist_id}
                  withBorder
                  radius="md"
                  padding="md"
                  data-testid="waitlist-row"
                  style={{
                    borderLeft: `4px solid ${c.class_type.color ?? "var(--mantine-primary-color-filled)"}`,
                  }}
                >
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Stack gap={4} style={{ minWidth: 0, flex: "1 1 220px" }}>
                      <Text fw={700}>{c.class_type.name}</Text>
                      <Text size="sm">{formatDateTime(c.class_date, zone)}</Text>
                      <Text size="sm" c="dimmed">
                        {[coaches && `Coach: ${coaches}`, c.location?.name].filter(Boolean).join(" · ")}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Te anotaste el {formatDateTime(entry.createdAt, zone)}
                      </Text>
                      <Group gap="xs" mt={4}>
                        <StatusLine entry={entry} timeZone={zone} />
                        {entry.status === "offered" ? (
                          <Button
                            size="xs"
                            loading={accept.isPending}
                            onClick={() => accept.mutate(entry.waitlist_id)}
                          >
                            Aceptar lugar
                          </Button>
                        ) : null}
                      </Group>
                    </Stack>
                    {inLine ? (
                      // Light, not subtle: the theme darkens light text to pass WCAG AA on white.
                      <Button
                        variant="light"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => setLeaving(entry.waitlist_id)}
                      >
                        Eliminarme
                      </Button>
                    ) : null}
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
        <LeaveWaitlistConfirm
          requested={leaving !== null}
          loading={leave.isPending}
          onCancel={() => setLeaving(null)}
          onConfirm={() => leaving !== null && leave.mutate(leaving, { onSettled: () => setLeaving(null) })}
        />
        <Modal opened={help} onClose={() => setHelp(false)} title="Lista de Espera" centered radius="lg">
          <Stack gap="xs">
            <Text size="sm">
              Cuando una clase está llena puedes anotarte en su lista de espera desde el calendario.
            </Text>
            {config.waitlist_mode === "offer" ? (
              <Text size="sm">
                Si se libera un lugar te enviamos un correo: el lugar es de quien lo acepte primero dentro de{" "}
                {config.waitlist_offer_minutes ?? 30} minutos.
              </Text>
            ) : (
              <Text size="sm">
                Si se libera un lugar, lo asignamos en orden de llegada a la primera persona con un crédito
                disponible, te reservamos la clase y te avisamos por correo.
              </Text>
            )}
            <Text size="sm">
              No asignamos lugares {Math.round(((config.waitlist_cutoff_minutes ?? 120) / 60) * 10) / 10}{" "}
              horas antes de la clase ni en clases que se empalmen con otra que ya reservaste.
            </Text>
          </Stack>
        </Modal>
      </Stack>
    </Container>
  );
}
