// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Routes, renderWithApp, screen } from "../../../test/render";
import type { AdminClass } from "../api";
import { ClassFormModal } from "./class-form-modal";

const owner = {
  customer: { customer_id: null, name: "Staff", email: "staff@demo.mx", role: "admin", staff_role: "owner" },
};

/** The catalogues the form's selects offer. */
const catalogues: Routes = {
  "GET /session": owner,
  "GET /admin/class_types": { class_types: [{ class_type_id: 3, name: "Spinning" }] },
  "GET /admin/locations": { locations: [] },
  "GET /instructors": { instructors: [] },
  "GET /tags": { tags: [] },
  "GET /admin/class_categories": { class_categories: [] },
  "GET /class_packages/admin/all": { class_packages: [] },
};

/** A Spinning class at 07:00 in the studio (Mexico City, UTC-6) with people booked. */
const booked = {
  single_class_id: 15,
  class_type_id: 3,
  class_type: { name: "Spinning" },
  class_date: "2026-12-10T13:00:00.000Z",
  duration_minutes: 50,
  capacity: 10,
  reserved: 4,
  location_id: null,
  location: null,
  class_category_id: null,
  class_package_id: null,
  description: null,
  series_id: null,
  cancelled_at: null,
  class_instructors: [],
  tags: [],
} as unknown as AdminClass;

afterEach(cleanup);

describe("the class form", () => {
  it("saves only once a class type is chosen, and shows the server's field errors at their inputs", async () => {
    const onClose = vi.fn();
    const { requests } = renderWithApp(
      <ClassFormModal opened klass={null} day="2026-12-10" onClose={onClose} />,
      {
        routes: {
          ...catalogues,
          "POST /single_class": Response.json(
            { code: "VALIDATION", message: "Revisa los datos", fields: { capacity: "Debe ser 0 o más" } },
            { status: 400 },
          ),
        },
      },
    );
    const save = await screen.findByRole("button", { name: "Guardar" });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("textbox", { name: /^Tipo de clase/ }));
    const spinning = await waitFor(() => {
      const found = screen
        .queryAllByRole("option", { hidden: true })
        .find((o) => o.textContent === "Spinning");
      if (!found) throw new Error("Spinning is not offered yet");
      return found;
    });
    fireEvent.click(spinning);
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save);

    expect(await screen.findByText("Debe ser 0 o más")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // The studio's wall clock goes as it is; the server applies the studio's zone.
    expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({
      class_type_id: 3,
      class_date: "2026-12-10T07:00",
      duration_minutes: 50,
      capacity: 10,
    });
  });

  it("asks before moving a class people booked, then saves it and closes", async () => {
    const onClose = vi.fn();
    const { requests } = renderWithApp(
      <ClassFormModal opened klass={booked} day={null} onClose={onClose} />,
      {
        routes: {
          ...catalogues,
          "GET /admin/single_class/15/change-impact": {
            classes: 1,
            people: 4,
            booked: 4,
            waiting: 0,
            series: false,
            names: ["Ana López"],
            capacity_conflicts: [],
          },
          "PUT /single_class": { message: "Clase actualizada", updated: 1, notified: 4 },
        },
      },
    );
    const time = await screen.findByLabelText(/^Hora/);
    expect((time as HTMLInputElement).value).toBe("07:00");
    fireEvent.change(time, { target: { value: "08:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));

    const ask = await screen.findByRole("dialog", { name: "Avisar del cambio" });
    expect(requests.some((r) => r.method === "PUT")).toBe(false);
    fireEvent.click(within(ask).getByRole("button", { name: "Guardar y avisar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === "PUT")?.body).toMatchObject({
      single_class_id: 15,
      scope: "one",
      class_date: "2026-12-10T08:00",
    });
  });
});
