// @vitest-environment happy-dom
import { cleanup, fireEvent, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp, screen } from "../../../test/render";
import { DrillModal } from "./drill-modal";

/** Last month's active customers: `total` of them, answered a page at a time as the server does (decision 0138). */
function activeCustomers(total: number) {
  return (_: unknown, query: URLSearchParams) => {
    const limit = Number(query.get("limit"));
    const offset = Number(query.get("offset"));
    const ids = Array.from(
      { length: Math.max(0, Math.min(limit, total - offset)) },
      (_, i) => offset + i + 1,
    );
    return {
      customers: ids.map((id) => ({
        customer_id: id,
        customer: `Clienta ${id}`,
        first_month: "2026-01",
        months_active: 3,
      })),
      total,
      limit,
      offset,
    };
  };
}

const drill = { report: "retencion" as const, params: { group: "active", key: "2026-10" }, title: "Activos" };
const filters = { from: "2026-01-01", to: "2026-11-30" };

afterEach(cleanup);

describe("the rows behind a figure", () => {
  it("shows the first 50 of 1,234 customers and the next page on asking", async () => {
    const { requests } = renderWithApp(
      <DrillModal drill={drill} filters={filters} zone="America/Mexico_City" onClose={() => {}} />,
      { routes: { "GET /reportes/retencion/detalle": activeCustomers(1234) } },
    );
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("1,234 clientes")).toBeTruthy();
    expect(within(dialog).getAllByRole("row")).toHaveLength(1 + 50);
    fireEvent.click(within(dialog).getByRole("button", { name: "2" }));
    expect(await within(dialog).findByText("Clienta 51")).toBeTruthy();
    expect(within(dialog).queryByText("Clienta 50")).toBeNull();
    expect(requests.map((r) => r.path)).toEqual([
      "/reportes/retencion/detalle",
      "/reportes/retencion/detalle",
    ]);
  });

  it("says one customer in the singular and shows no pages", async () => {
    renderWithApp(
      <DrillModal drill={drill} filters={filters} zone="America/Mexico_City" onClose={() => {}} />,
      { routes: { "GET /reportes/retencion/detalle": activeCustomers(1) } },
    );
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("1 cliente")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Página siguiente" })).toBeNull();
  });
});
