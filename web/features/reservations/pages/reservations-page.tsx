import { Button, Container, Group, Pagination, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { cancelOption, type ReservationFilter } from "../../../../domain/booking";
import { CancelClassModal } from "../../../components/cancel-class-modal";
import { PageHeading } from "../../../components/page-placeholder";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { copy } from "../../../lib/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { useLocations } from "../../calendar/public";
import { PAGE_SIZE, type Reservation, useCreditsSummary, useReservations } from "../api";
import { CalendarFeed } from "../components/calendar-feed";
import { ChangeNotices } from "../components/change-notices";
import { CreditBadge } from "../components/credit-badge";
import { QrModal } from "../components/qr-modal";
import { RateModal } from "../components/rate-modal";
import { ReservationCards, ReservationTable } from "../components/reservation-list";
import { ReservationActions } from "../components/reservation-parts";
import { useReservationFlows } from "../components/use-reservation-flows";

const FILTERS: { value: ReservationFilter; label: string }[] = [
  { value: "all", label: "Todas" },
  { value: "upcoming", label: "Proximas" },
  { value: "past", label: "Pasadas" },
  { value: "cancelled", label: "Canceladas" },
];

/** /mystudio/reservaciones: Mis Reservaciones (the cancel and rate flows: useReservationFlows). */
export function ReservationsPage() {
  usePageTitle(copy.account.reservations);
  const config = useAppConfig();
  const zone = config.timezone;
  const [filter, setFilter] = useState<ReservationFilter>("all");
  const [page, setPage] = useState(1);
  const list = useReservations(filter, page);
  const credits = useCreditsSummary().data;
  const flows = useReservationFlows();
  const [qrFor, setQrFor] = useState<number | null>(null);
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
  const isPast = (r: Reservation) => new Date(r.single_class.class_date).getTime() <= now.getTime();
  const actions = (r: Reservation) => (
    <ReservationActions
      r={r}
      qrEnabled={config.qrcode_enabled}
      // The calendar card's rule (domain cancelOption): both screens always agree on 'Cancelar'.
      cancelOffered={cancelOption(r, r.single_class.class_date, now, config, zone).offered}
      onQr={() => setQrFor(r.class_reservation_id)}
      onCancel={() => flows.askCancel(r)}
      onRate={() => flows.askRating(r)}
    />
  );
  const listProps = {
    reservations,
    zone,
    showGuests: config.allow_class_guests,
    multiLocation,
    isPast,
    actions,
  };

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
              <CreditBadge
                credits={credits}
                zone={zone}
                to={config.allow_restricted_class_types ? "/mystudio/creditos" : packagesPath}
              />
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
          <ReservationTable {...listProps} />
        ) : (
          <ReservationCards {...listProps} />
        )}
        {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} /> : null}
        <CalendarFeed />
      </Stack>

      <QrModal reservationId={qrFor} onClose={() => setQrFor(null)} />
      {flows.cancelling ? (
        <CancelClassModal
          opened
          className={flows.cancelling.single_class.class_type.name}
          classDate={flows.cancelling.single_class.class_date}
          policy={config}
          timeZone={zone}
          loading={flows.cancelPending}
          onClose={flows.closeCancel}
          onConfirm={flows.confirmCancel}
        />
      ) : null}
      <RateModal
        key={flows.rating?.class_reservation_id ?? 0}
        opened={flows.rating !== null}
        loading={flows.ratePending}
        onClose={flows.closeRating}
        onSubmit={flows.submitRating}
      />
    </Container>
  );
}
