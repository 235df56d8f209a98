import { countLabel, formatDateTime } from "../../../../domain/format";
import { type Brand, siteLink } from "./brand";
import { Details, Layout, P } from "./layout";
import { renderMail } from "./render";

/** What an email says about a class. */
export type ClassFacts = {
  name: string;
  date: Date | string;
  location: { name: string; address: string | null } | null;
  /** Nick name, else name, of each coach. */
  coaches: string[];
};

/** A class as the emails show it: type, date and time in the studio's zone, place, coaches. */
export function ClassDetails({
  brand,
  klass,
  extra = [],
}: {
  brand: Brand;
  klass: ClassFacts;
  extra?: [string, string | null][];
}) {
  const place = klass.location
    ? `${klass.location.name}${klass.location.address ? `, ${klass.location.address}` : ""}`
    : null;
  return (
    <Details
      rows={[
        ["Clase", klass.name],
        ["Fecha y hora", formatDateTime(klass.date, brand.timeZone)],
        ["Lugar", place],
        [klass.coaches.length === 1 ? "Coach" : "Coaches", klass.coaches.join(", ")],
        ...extra,
      ]}
    />
  );
}

const subjectOf = (title: string, brand: Brand) => `${title} · ${brand.name}`;

/** The subjects of the emails queued by hot requests (the worker renders their bodies, decision 0084). */
export const bookingConfirmedSubject = (brand: Brand, intro?: string) =>
  subjectOf(intro ? "¡Tienes lugar en la clase!" : "¡Reservación confirmada!", brand);
export const reservationCancelledSubject = (brand: Brand) => subjectOf("Reservación cancelada", brand);

export type BookingProps = {
  brand: Brand;
  name: string;
  klass: ClassFacts;
  spot: string | null;
  guest: string | null;
  /** The guest's own spot (the guest is a seat of its own, beside the host's). */
  guestSpot?: string | null;
  /** Replaces the greeting when the booking came from the waitlist. */
  intro?: string;
};

/** Booking confirmation (the .ics travels as an attachment); also the waitlist promotion. */
export function BookingConfirmed({ brand, name, klass, spot, guest, guestSpot, intro }: BookingProps) {
  const title = intro ? "¡Tienes lugar en la clase!" : "¡Reservación confirmada!";
  return (
    <Layout
      brand={brand}
      title={title}
      preview={`${klass.name}, ${formatDateTime(klass.date, brand.timeZone)}`}
      action={{ label: "Ver mis reservaciones", url: siteLink(brand, "/mystudio/reservaciones") }}
    >
      <P>{intro ?? `Hola ${name}, tu lugar está reservado.`}</P>
      <ClassDetails
        brand={brand}
        klass={klass}
        extra={[
          ["Tu lugar", spot],
          ["Invitado", guest],
          ["Lugar de tu invitado", guest ? (guestSpot ?? null) : null],
        ]}
      />
      <P>Adjuntamos la clase para que la agregues a tu calendario.</P>
    </Layout>
  );
}

export const bookingConfirmedEmail = (brand: Brand, props: Omit<BookingProps, "brand">) =>
  renderMail(bookingConfirmedSubject(brand, props.intro), <BookingConfirmed brand={brand} {...props} />);

export type CancelledProps = {
  brand: Brand;
  name: string;
  klass: ClassFacts;
  refunded: boolean;
  /** Booked on an unlimited membership: no credit was spent, so none is returned (or kept). */
  unlimited?: boolean;
};

/** The customer (or the desk for them) cancelled a reservation. */
export function ReservationCancelled({ brand, name, klass, refunded, unlimited = false }: CancelledProps) {
  return (
    <Layout
      brand={brand}
      title="Reservación cancelada"
      preview={`${klass.name}, ${formatDateTime(klass.date, brand.timeZone)}`}
      action={{ label: "Reservar otra clase", url: siteLink(brand, "/mystudio") }}
    >
      <P>Hola {name}, cancelamos tu reservación.</P>
      <ClassDetails brand={brand} klass={klass} />
      <P>
        {unlimited
          ? "Reservaste con tu membresía ilimitada: no usaste créditos y puedes reservar otra clase cuando quieras."
          : refunded
            ? "Tu crédito fue devuelto a tu cuenta."
            : "Como cancelaste dentro del tiempo límite, el crédito de esta clase no se devuelve."}
      </P>
    </Layout>
  );
}

export const reservationCancelledEmail = (brand: Brand, props: Omit<CancelledProps, "brand">) =>
  renderMail(reservationCancelledSubject(brand), <ReservationCancelled brand={brand} {...props} />);

type OfferProps = { brand: Brand; name: string; klass: ClassFacts; expiresAt: Date };

/** A seat is free and offered to the waitlist: first to accept takes it. */
export function WaitlistOffer({ brand, name, klass, expiresAt }: OfferProps) {
  return (
    <Layout
      brand={brand}
      title="Se liberó un lugar en tu lista de espera"
      preview={`Acepta el lugar antes de ${formatDateTime(expiresAt, brand.timeZone)}.`}
      action={{ label: "Aceptar el lugar", url: siteLink(brand, "/mystudio/waitlists") }}
    >
      <P>Hola {name}, se liberó un lugar en una clase en la que estás en lista de espera.</P>
      <ClassDetails brand={brand} klass={klass} />
      <P>
        El lugar es de quien lo acepte primero, antes de {formatDateTime(expiresAt, brand.timeZone)}. Al
        aceptarlo se usa uno de tus créditos.
      </P>
    </Layout>
  );
}

export const waitlistOfferEmail = (brand: Brand, props: Omit<OfferProps, "brand">) =>
  renderMail(
    subjectOf("Se liberó un lugar en tu lista de espera", brand),
    <WaitlistOffer brand={brand} {...props} />,
  );

type SkippedProps = { brand: Brand; name: string; klass: ClassFacts; reason: string };

const skippedWhy = (reason: string) =>
  reason === "NO_CREDITS"
    ? "no tenías créditos disponibles para esta clase"
    : reason === "PENALTY_ACTIVE"
      ? "tienes una penalización activa"
      : "tu cuenta no cumple los requisitos para reservar (revisa tu perfil)";

/** A seat was free but this person could not be booked. */
export function WaitlistSkipped({ brand, name, klass, reason }: SkippedProps) {
  return (
    <Layout
      brand={brand}
      title="No pudimos darte el lugar"
      action={{ label: "Ver mis listas de espera", url: siteLink(brand, "/mystudio/waitlists") }}
    >
      <P>
        Hola {name}, se liberó un lugar en tu lista de espera, pero no pudimos reservarlo porque{" "}
        {skippedWhy(reason)}.
      </P>
      <ClassDetails brand={brand} klass={klass} />
      <P>Sigues en la lista: si se libera otro lugar y ya puedes reservar, te lo asignaremos.</P>
    </Layout>
  );
}

export const waitlistSkippedEmail = (brand: Brand, props: Omit<SkippedProps, "brand">) =>
  renderMail(subjectOf("No pudimos darte el lugar", brand), <WaitlistSkipped brand={brand} {...props} />);

type PenaltyProps = { brand: Brand; name: string; noShows: number; endDate: Date };

/** Too many no-shows: no booking until endDate. */
export function PenaltyNotice({ brand, name, noShows, endDate }: PenaltyProps) {
  const missed =
    noShows === 1
      ? "1 clase que tenías reservada"
      : `${countLabel(noShows, "clase", "clases")} seguidas que tenías reservadas`;
  return (
    <Layout brand={brand} title="Penalización por inasistencias">
      <P>
        Hola {name}, no asististe a {missed}.
      </P>
      <P>Por eso no podrás reservar clases hasta el {formatDateTime(endDate, brand.timeZone)}.</P>
      <P>Si crees que es un error, escríbenos y lo revisamos.</P>
    </Layout>
  );
}

export const penaltyNoticeEmail = (brand: Brand, props: Omit<PenaltyProps, "brand">) =>
  renderMail(subjectOf("Penalización por inasistencias", brand), <PenaltyNotice brand={brand} {...props} />);

type ReminderProps = {
  brand: Brand;
  name: string;
  klass: ClassFacts;
  spot: string | null;
  unsubscribeUrl?: string;
};

/** The reminder before a class: the one class email a customer may turn off. */
export function ClassReminder({ brand, name, klass, spot, unsubscribeUrl }: ReminderProps) {
  return (
    <Layout
      brand={brand}
      title="Recordatorio de tu clase"
      preview={`${klass.name}, ${formatDateTime(klass.date, brand.timeZone)}`}
      action={{ label: "Ver mis reservaciones", url: siteLink(brand, "/mystudio/reservaciones") }}
      unsubscribeUrl={unsubscribeUrl}
    >
      <P>Hola {name}, te esperamos en tu clase.</P>
      <ClassDetails brand={brand} klass={klass} extra={[["Tu lugar", spot]]} />
    </Layout>
  );
}

export const classReminderEmail = (brand: Brand, props: Omit<ReminderProps, "brand">) =>
  renderMail(subjectOf("Recordatorio de tu clase", brand), <ClassReminder brand={brand} {...props} />);
