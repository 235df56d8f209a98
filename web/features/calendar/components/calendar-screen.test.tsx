// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { localDay } from "../../../../domain/booking";
import { type Routes, renderWithApp, screen } from "../../../test/render";
import type { SingleClass } from "../api";
import { CalendarScreen } from "./calendar-screen";

const TZ = "America/Mexico_City";
/** A class three hours from now, whatever the hour the test runs: inside the booking window. */
const classDate = new Date(Date.now() + 3 * 3_600_000);

const spinning = {
  single_class_id: 11,
  class_date: classDate.toISOString(),
  duration_minutes: 50,
  description: null,
  capacity: 12,
  icon: null,
  location_id: null,
  class_type_id: 2,
  class_category_id: null,
  class_package_id: null,
  series_id: null,
  cancelled_at: null,
  sequence: 0,
  class_type: {
    class_type_id: 2,
    name: "Spinning",
    icon: null,
    image: null,
    description: null,
    color: null,
    spot_map: null,
    custom_spot_map_id: null,
    custom_spot_map: null,
  },
  location: null,
  class_instructors: [],
  tags: [],
  reserved: 3,
  available: 9,
  taken_spots: [],
} as unknown as Omit<SingleClass, "my_reservation">;

/** Every range asked for answers the same day: the class's (the week shown holds it). */
const routes: Routes = {
  "GET /session": { customer: { customer_id: 5, name: "Ana", email: "ana@example.mx", role: "customer" } },
  "GET /single_class": {
    days: [{ date: localDay(classDate, TZ), single_classes: [spinning] }],
    my_reservations: [],
  },
  "GET /single_class/single/11": { single_class: { ...spinning, my_reservation: null } },
  "GET /locations": { locations: [] },
  "GET /class_types": { class_types: [] },
};

async function openBooking() {
  const card = await screen.findByRole("button", { name: "Reservar" });
  fireEvent.click(card);
  const dialog = await screen.findByRole("dialog", { name: "Reservar Clase" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Reservar" }));
}

afterEach(cleanup);

describe("calendar screen", () => {
  it("books a class from its card and its booking modal", async () => {
    const { requests } = renderWithApp(<CalendarScreen title="Calendario" />, {
      routes: { ...routes, "POST /class_reservations": { message: "¡Reservación exitosa!" } },
    });
    await openBooking();
    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));
    expect(requests.find((r) => r.method === "POST")).toMatchObject({
      path: "/class_reservations",
      body: { single_class_id: 11, spot: null, guest: null, guest_spot: null },
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reservar Clase" })).toBeNull());
  });

  it("explains a booking refused for lack of credits and offers the packages", async () => {
    renderWithApp(<CalendarScreen title="Calendario" />, {
      routes: {
        ...routes,
        "POST /class_reservations": () =>
          Response.json({ code: "NO_CREDITS", message: "Sin créditos" }, { status: 409 }),
      },
    });
    await openBooking();
    const dialog = await screen.findByRole("dialog", { name: "Créditos Agotados" });
    expect(within(dialog).getByRole("link", { name: "Ver paquetes" }).getAttribute("href")).toBe(
      "/mystudio/paquetes",
    );
  });
});
