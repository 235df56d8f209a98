// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type Routes, renderWithApp, screen } from "../../../test/render";
import type { Reservation } from "../api";
import { ReservationsPage } from "./reservations-page";

const DAY = 86_400_000;

/** A reservation of a class `inDays` from now (a past one can be rated), so any hour will do. */
function reservation(id: number, inDays: number, extra: Partial<Reservation> = {}): Reservation {
  return {
    class_reservation_id: id,
    single_class_id: id,
    spot: null,
    guest: null,
    guest_reservation_id: null,
    guest_spot: null,
    attend: inDays < 0,
    is_cash: false,
    is_paid: true,
    paid_with: "credits",
    class_stars: null,
    coach_stars: null,
    deletedAt: null,
    createdAt: new Date(Date.now() - 5 * DAY).toISOString(),
    status: inDays < 0 ? "success" : "upcoming",
    can_cancel: inDays > 0,
    cancel_refunds: inDays > 0,
    cancel_offered: inDays > 0,
    can_change: false,
    past: inDays < 0,
    can_rate: inDays < 0,
    single_class: {
      single_class_id: id,
      class_date: new Date(Date.now() + inDays * DAY).toISOString(),
      duration_minutes: 50,
      description: null,
      class_type: { class_type_id: 2, name: inDays < 0 ? "Yoga" : "Spinning", spot_map: null },
      location: null,
      class_instructors: [],
    },
    ...extra,
  } as unknown as Reservation;
}

const routes: Routes = {
  "GET /class_reservations": {
    reservations: [reservation(1, 3), reservation(2, -2)],
    max: 2,
    policy: "Puedes cancelar hasta 12 horas antes.",
    next: null,
  },
  "GET /available_classes": { available_classes: [], total: 4, unlimited: false, unlimited_expiration: null },
  "GET /locations": { locations: [] },
  "GET /class_change_notices": { notices: [] },
};

afterEach(cleanup);

describe("Mis Reservaciones", () => {
  it("cancels a reservation after its confirmation, and refreshes the list", async () => {
    const { requests } = renderWithApp(<ReservationsPage />, {
      routes: { ...routes, "DELETE /class_reservations/1": { message: "Reservación cancelada." } },
    });
    expect((await screen.findByTestId("credit-badge")).textContent).toBe("4 créditos disponibles");
    const reads = () => requests.filter((r) => r.method === "GET" && r.path === "/class_reservations").length;
    const before = reads();
    fireEvent.click(await screen.findByRole("button", { name: "Cancelar" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancelar Clase" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar Clase" }));

    await waitFor(() => expect(requests.some((r) => r.method === "DELETE")).toBe(true));
    expect(requests.find((r) => r.method === "DELETE")?.path).toBe("/class_reservations/1");
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});
