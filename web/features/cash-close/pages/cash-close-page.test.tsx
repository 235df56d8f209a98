// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp, screen } from "../../../test/render";
import type { CashCloseDay } from "../api";
import { CashClosePage } from "./cash-close-page";

/** An open day at one drawer: $1,350.00 cash expected, one sale by one person. */
const openDay: CashCloseDay = {
  location_id: 7,
  day: "2026-11-20",
  today: "2026-11-20",
  locations: [{ location_id: 7, name: "Roma Norte" }],
  staff: [
    { staff_user_id: "3", staff_name: "Ana Recepción", cash: 1350, card: 500, transfer: 0, total: 1850 },
  ],
  totals: { cash: 1350, card: 500, transfer: 0, total: 1850 },
  expected_cash: 1350,
  movements: [],
  close: null,
  close_status: null,
  since_close: null,
  can_reopen: false,
} as CashCloseDay;

const routes = {
  "GET /corte-de-caja": openDay,
  "GET /corte-de-caja/historial": { closes: [] },
};

afterEach(cleanup);

describe("cash close page", () => {
  it("shows the day's totals in es-MX money, per person and in all", async () => {
    renderWithApp(<CashClosePage />, { routes });
    const table = await screen.findByRole("table", { name: "Lo que cobró cada persona" });
    expect(within(table).getByText("Ana Recepción")).toBeTruthy();
    expect(within(table).getAllByText("$1,850.00 MXN")).toHaveLength(2);
    // The figure's card: Mantine puts a <style> for the responsive size next to the amount.
    expect(screen.getByText("Efectivo esperado").parentElement?.textContent).toContain("$1,350.00 MXN");
    expect(await screen.findByText("Aún no hay cortes en esta sucursal.", { exact: false })).toBeTruthy();
  });

  it("explains the difference as the count is typed, and sends the count to close the day", async () => {
    const { requests } = renderWithApp(<CashClosePage />, {
      routes: { ...routes, "POST /corte-de-caja": { message: "Caja cerrada." } },
    });
    const counted = await screen.findByLabelText("Efectivo contado", { exact: false });
    const close = screen.getByRole("button", { name: "Cerrar caja" });
    expect(close.hasAttribute("disabled")).toBe(true);

    fireEvent.change(counted, { target: { value: "1300" } });
    expect((await screen.findByTestId("cash-difference")).textContent).toBe("Faltante $50.00 MXN");
    fireEvent.change(counted, { target: { value: "1400.5" } });
    expect((await screen.findByTestId("cash-difference")).textContent).toBe("Sobrante $50.50 MXN");
    fireEvent.change(counted, { target: { value: "1350" } });
    expect((await screen.findByTestId("cash-difference")).textContent).toBe("Cuadra $0.00 MXN");

    fireEvent.click(close);
    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));
    expect(requests.find((r) => r.method === "POST")).toEqual({
      method: "POST",
      path: "/corte-de-caja",
      body: { location_id: 7, day: "2026-11-20", counted_cash: 1350, note: null },
    });
  });
});
