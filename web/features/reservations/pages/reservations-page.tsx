import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  CopyButton,
  Group,
  Pagination,
  Paper,
  Rating,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconCalendarPlus, IconQrcode, IconStar, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  cancelOption,
  RESERVATION_STATUS_LABEL,
  type ReservationFilter,
  type ReservationStatus,
} from "../../../../domain/booking";
import { formatDate, formatDateTime } from "../../../../domain/format";
import { spotGridFor, spotLabel } from "../../../../domain/spot-map";
import { CancelClassModal } from "../../../components/cancel-class-modal";
import { PageHeading } from "../../../components/page-placeholder";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { copy } from "../../../lib/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { useLocations } from "../../calendar/public";
import {
  PAGE_SIZE,
  type Reservation,
  useCalendarFeed,
  useCancelReservation,
  useCreditsSummary,
  useRateReservation,
  useReservations,
} from "../api";
import { ChangeNotices } from "../components/change-notices";
import { QrModal } from "../components/qr-modal";
import { RateModal } from "../components/rate-modal";

const FILTERS: { value: ReservationFilter; label: string }[] = [
  { value: "all", label: "Todas" },
  { value: "upcoming", label: "Proximas" },
  { value: "past", label: "Pasadas" },
  { value: "cancelled", label: "Canceladas" },
];

const STATUS_COLOR: Record<ReservationStatus, string> = {
  cancelled: "gray",
  cash_unpaid: "yellow",
  no_show: "red",
  success: "green",
  upcoming: "blue",
};

/** /mystudio/reservaciones: Mis Reservaciones. */
/** A badge's label shown whole, never cut with an ellipsis by a narrow table column. */
const WHOLE_WORD = { root: { minWidth: "max-content" }, label: { overflow: "visible" } } as const;

export function ReservationsPage() {
  usePageTitle(copy.account.reservations);
  const config = useAppConfig();
  const zone = config.timezone;
  const [filter, setFilter] = useState<ReservationFilter>("all");
  const [page, setPage] = useState(1);
  const list = useReservations(filter, page);
  const credits = useCreditsSummary().data;
  const cancel = useCancelReservation();
  const rate = useRateReservation();
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<Reservation | null>(null);
  const [rating, setRating] = useState<Reservation | null>(null);
  // The table needs ~950 px beside the 264 px menu: narrower screens (a 1024 px tablet or laptop)
  // get the cards, which cut nothing; from 62em the table's last column ("Cancelar") was cut off.
  const isDesktop = useMediaQuery("(min-width: 75em)", true);
  const packagesPath = `/mystudio/${packagesPathSegment(config)}`;
  const reservations = list.data?.reservations ?? [];
  const pages = Math.ceil((list.data?.max ?? 0) / PAGE_SIZE);
  // The location column shows whenever the studio has more than one, not only when this page
  // happens to list two: a customer of a two-studio brand always sees where each class is.
  const locations = useLocations().data?.locations ?? [];
  const multiLocation =
    locations.length > 1 || new Set(reservations.map((r) => r.single_class.location?.location_id)).size > 1;
  const now = new Date();
  // The calendar card's rule (domain cancelOption): both screens always agree on 'Cancelar'.
  const cancelOffered = (r: Reservation) =>
    cancelOption(r, r.single_class.class_date, now, config, zone).offered;
  const isPast = (r: Reservation) => new Date(r.single_class.class_date).getTime() <= now.getTime();

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.class_reservation_id, {
      onSuccess: (res) => {
        notifications.show({ color: "green", message: res.message, autoClose: 3000 });
        setCancelling(null);
      },
      onError: (error) => notifications.show({ color: "red", message: error.message, autoClose: 5000 }),
    });
  };

  const actions = (r: Reservation) => (
    <Group gap={4} wrap="nowrap">
      {config.qrcode_enabled && r.status === "upcoming" ? (
        <Tooltip label="Codigo de Acceso">
          <ActionIcon
            variant="light"
            aria-label="Codigo de Acceso"
            onClick={() => setQrFor(r.class_reservation_id)}
          >
            <IconQrcode size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {r.status === "upcoming" ? (
        <Tooltip label="Agregar a mi calendario">
          <ActionIcon
            variant="light"
            component="a"
            href={`/api/class_reservations/${r.class_reservation_id}/ics`}
            aria-label="Agregar a mi calendario"
          >
            <IconCalendarPlus size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {cancelOffered(r) ? (
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconX size={14} />}
          onClick={() => setCancelling(r)}
        >
          Cancelar
        </Button>
      ) : null}
      {r.can_rate ? (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconStar size={14} />}
          onClick={() => setRating(r)}
        >
          Calificar
        </Button>
      ) : null}
      {r.class_stars ? (
        // A read-only rating is a picture of stars: named as one (a div may not carry aria-label).
        <Rating
          value={r.class_stars}
          readOnly
          size="xs"
          role="img"
          aria-label={`${r.class_stars} estrellas`}
        />
      ) : null}
    </Group>
  );

  const coach = (r: Reservation) =>
    r.single_class.class_instructors
      .map(
        ({ instructor }) =>
          instructor.nick_name || [instructor.name, instructor.last_name].filter(Boolean).join(" "),
      )
      .join(", ");
  const spot = (r: Reservation) => spotLabel(spotGridFor(r.single_class.class_type), r.spot) || "—";
  // The guest's name with their spot, when they have one ("Ana · Lugar 3").
  const guestText = (r: Reservation) =>
    r.guest
      ? [
          r.guest,
          r.guest_spot ? `Lugar ${spotLabel(spotGridFor(r.single_class.class_type), r.guest_spot)}` : null,
        ]
          .filter(Boolean)
          .join(" · ")
      : null;
  const when = (r: Reservation) => (
    <>
      {formatDateTime(r.single_class.class_date, zone)}
      {isPast(r) ? (
        <Badge
          ml={6}
          size="xs"
          color="gray"
          // Light, not outline: the outline's grey text on the past card's grey failed AA contrast.
          variant="light"
          tt="none"
          styles={WHOLE_WORD}
          data-testid="past-badge"
        >
          Clase pasada
        </Badge>
      ) : null}
    </>
  );
  // A badge is never narrower than its word: Mantine's label hides what overflows, so in the
  // table a long row of actions squeezed "Cancelada" and "No Asisti" into "Cancel…" at 1280 px.
  const status = (r: Reservation) => (
    <Badge color={STATUS_COLOR[r.status]} variant="light" tt="none" styles={WHOLE_WORD}>
      {RESERVATION_STATUS_LABEL[r.status]}
    </Badge>
  );

  return (
    <Container size="xl" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} maw={640}>
            <PageHeading title={copy.account.reservations} />
            {list.data?.policy ? <Text c="dimmed">{list.data.policy}</Text> : null}
          </Stack>
          <Group gap="sm">
            {credits ? (
              credits.unlimited ? (
                <Badge size="lg" variant="light" tt="none" data-testid="credit-badge">
                  Ilimitadas
                  {credits.unlimited_expiration
                    ? ` · hasta ${formatDate(credits.unlimited_expiration, zone)}`
                    : ""}
                </Badge>
              ) : (
                <Badge
                  size="lg"
                  variant="light"
                  tt="none"
                  component={Link}
                  to={config.allow_restricted_class_types ? "/mystudio/creditos" : packagesPath}
                  style={{ cursor: "pointer" }}
                  data-testid="credit-badge"
                >
                  {credits.total} {credits.total === 1 ? "crédito disponible" : "créditos disponibles"}
                </Badge>
              )
            ) : null}
            <Button component={Link} to={packagesPath}>
              Comprar Clases
            </Button>
          </Group>
        </Group>

        <ChangeNotices zone={zone} />

        <SegmentedControl
          value={filter}
          onChange={(v) => {
            setFilter(v as ReservationFilter);
            setPage(1);
          }}
          data={FILTERS}
          fullWidth={!isDesktop}
          w={isDesktop ? "fit-content" : undefined}
        />

        {list.isSuccess && reservations.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Stack align="center" gap="sm">
              <Text c="dimmed">Aún no tienes clases reservadas.</Text>
              <Button component={Link} to="/mystudio">
                Reservar una clase
              </Button>
            </Stack>
          </Paper>
        ) : isDesktop ? (
          <Paper withBorder radius="lg" style={{ overflowX: "auto" }}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="reservations-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Clase</Table.Th>
                  {config.allow_class_guests ? <Table.Th>Invitado</Table.Th> : null}
                  <Table.Th>Coach</Table.Th>
                  <Table.Th>Fecha y hora</Table.Th>
                  {multiLocation ? <Table.Th>Ubicación</Table.Th> : null}
                  <Table.Th>Lugar</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reservations.map((r) => (
                  <Table.Tr
                    key={r.class_reservation_id}
                    data-testid="reservation-row"
                    data-past={isPast(r) || undefined}
                  >
                    <Table.Td fw={600}>{r.single_class.class_type.name}</Table.Td>
                    {config.allow_class_guests ? <Table.Td>{guestText(r) ?? "—"}</Table.Td> : null}
                    <Table.Td>{coach(r)}</Table.Td>
                    <Table.Td>{when(r)}</Table.Td>
                    {multiLocation ? <Table.Td>{r.single_class.location?.name}</Table.Td> : null}
                    <Table.Td>{spot(r)}</Table.Td>
                    <Table.Td>{status(r)}</Table.Td>
                    <Table.Td>{actions(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : (
          <Stack gap="sm">
            {reservations.map((r) => (
              <Card
                key={r.class_reservation_id}
                withBorder
                radius="md"
                data-testid="reservation-row"
                data-past={isPast(r) || undefined}
              >
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700}>{r.single_class.class_type.name}</Text>
                    {status(r)}
                  </Group>
                  <Text size="sm">{when(r)}</Text>
                  <Text size="sm" c="dimmed">
                    {[coach(r), r.single_class.location?.name, r.spot ? `Lugar ${spot(r)}` : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </Text>
                  {config.allow_class_guests && r.guest ? (
                    <Text size="sm">Invitado: {guestText(r)}</Text>
                  ) : null}
                  {actions(r)}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
        {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} /> : null}
        <CalendarFeed />
      </Stack>

      <QrModal reservationId={qrFor} onClose={() => setQrFor(null)} />
      {cancelling ? (
        <CancelClassModal
          opened
          className={cancelling.single_class.class_type.name}
          classDate={cancelling.single_class.class_date}
          policy={config}
          timeZone={zone}
          loading={cancel.isPending}
          onClose={() => setCancelling(null)}
          onConfirm={confirmCancel}
        />
      ) : null}
      <RateModal
        key={rating?.class_reservation_id ?? 0}
        opened={rating !== null}
        loading={rate.isPending}
        onClose={() => setRating(null)}
        onSubmit={(value) => {
          if (!rating) return;
          rate.mutate(
            { class_reservation_id: rating.class_reservation_id, ...value },
            {
              onSuccess: (res) => {
                notifications.show({ color: "green", message: res.message, autoClose: 3000 });
                setRating(null);
              },
              onError: (error) =>
                notifications.show({ color: "red", message: error.message, autoClose: 5000 }),
            },
          );
        }}
      />
    </Container>
  );
}

/** The private calendar feed: subscribe from Google/Apple calendars. */
function CalendarFeed() {
  const [shown, setShown] = useState(false);
  const feed = useCalendarFeed(shown);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Text fw={600}>Sincroniza tus clases con tu calendario</Text>
        <Text size="sm" c="dimmed">
          Suscríbete desde Google Calendar o Apple Calendar con tu enlace privado: tus próximas reservaciones
          aparecerán solas.
        </Text>
        {shown && feed.data ? (
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
              {feed.data.url}
            </Text>
            <CopyButton value={feed.data.url}>
              {({ copied, copy: doCopy }) => (
                <Button size="compact-sm" variant="light" onClick={doCopy}>
                  {copied ? "Copiado" : "Copiar"}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={() => setShown(true)} w="fit-content">
            Mostrar mi enlace de calendario
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
