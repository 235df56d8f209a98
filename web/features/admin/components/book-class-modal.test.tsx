// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, screen } from "../../../test/render";
import { BookClassModal } from "./book-class-modal";

/** Classes relative to now, so the list holds them whatever the hour the test runs. */
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function klass(id: number, name: string, classDate: string, available: number) {
  return {
    single_class_id: id,
    class_date: classDate,
    class_type_id: id,
    class_type: { class_type_id: id, name, spot_map: null, custom_spot_map: null },
    class_package_id: null,
    location: null,
    available,
    taken_spots: [],
  };
}

const schedule = {
  days: [
    {
      date: "any",
      single_classes: [
        klass(1, "Spinning", inHours(3), 4),
        klass(2, "Yoga", inHours(-2), 4),
        klass(3, "Barre", inHours(5), 0),
      ],
    },
  ],
  my_reservations: [],
};

afterEach(cleanup);

describe("desk's Reservar clase", () => {
  it("lists the upcoming classes with room and books one with the desk's spot and rules override", async () => {
    const onClose = vi.fn();
    const { requests } = renderWithApp(<BookClassModal customerId={42} opened onClose={onClose} />, {
      routes: {
        "GET /single_class": schedule,
        "POST /customer/admin/42/reservations": { message: "Reservación creada." },
      },
    });
    const select = await screen.findByRole("textbox", { name: /^Clase/ });
    fireEvent.click(select);
    // The class list's options read "Lun 30 nov, 09:00 · Spinning · 4 lugares" (the dropdown
    // stays display:none under happy-dom, hence `hidden`).
    const listed = (name: string) =>
      screen
        .queryAllByRole("option", { hidden: true })
        .filter((o) => o.textContent?.includes(` · ${name} · `));
    const spinning = await waitFor(() => {
      const [found] = listed("Spinning");
      if (!found) throw new Error("Spinning is not listed yet");
      return found;
    });
    // A class already started is not offered; a full one is hidden unless asked for.
    expect(listed("Yoga")).toEqual([]);
    expect(listed("Barre")).toEqual([]);
    fireEvent.click(spinning);
    fireEvent.change(screen.getByRole("textbox", { name: "Lugar (opcional)" }), { target: { value: "7" } });
    fireEvent.click(screen.getByRole("switch", { name: /Saltar reglas/ }));
    fireEvent.click(screen.getByRole("button", { name: "Reservar clase" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === "POST")).toEqual({
      method: "POST",
      path: "/customer/admin/42/reservations",
      body: { single_class_id: 1, spot: "7", override_rules: true },
    });
  });
});
