// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp, screen } from "../../../test/render";
import type { InvoiceRow, PurchaseRow } from "../api";
import { PurchasesPage } from "./purchases-page";

const totals = {
  count: 1,
  total_payment: 1500,
  by_status: [{ status: "pending", count: 1, total_payment: 1500 }],
};

const cashPurchase = {
  purchase_id: 9,
  createdAt: "2026-11-20T18:30:00.000Z",
  customer_id: 42,
  customer_name: "Ana López",
  customer_email: "ana@example.mx",
  class_package_id: 3,
  title: "Paquete 10 clases",
  status: "pending",
  provider: "cash",
  payment_method_id: null,
  payment_method: null,
  payment: null,
  amount: 1500,
  discount_total: 0,
  total_payment: 1500,
  refunded_total: 0,
  iva_rate: "16",
  subtotal: 1293.1,
  iva: 206.9,
  is_gift: false,
  subscription: false,
  cancelledAt: null,
  updatedAt: "2026-11-20T18:30:00.000Z",
  can_confirm: true,
} as unknown as PurchaseRow;

const renewalCharge = {
  invoice_id: 77,
  purchase_id: 10,
  createdAt: "2026-11-21T15:00:00.000Z",
  customer_id: 43,
  customer_name: "Luis Pérez",
  customer_email: "luis@example.mx",
  class_package_id: 4,
  title: "Mensualidad",
  status: "pending",
  purchase_status: "active",
  provider: "cash",
  payment_method_id: null,
  payment_method: null,
  payment: null,
  total_payment: 900,
  period_start: "2026-11-21T06:00:00.000Z",
  period_end: "2026-12-21T06:00:00.000Z",
  confirm: "invoice",
} as unknown as InvoiceRow;

const routes = {
  "GET /class_packages/admin/all": { class_packages: [] },
  "GET /payment_methods": { payment_methods: [] },
  "GET /admin/lists/purchases": { rows: [cashPurchase], total: 1, page: 1, pageSize: 25, totals },
  "GET /admin/lists/invoices": { rows: [renewalCharge], total: 1, page: 1, pageSize: 25, totals },
  "PUT /customer/confirmCash": { message: "Pago confirmado." },
  "POST /purchases/admin/invoices/77/confirm": { message: "Cargo confirmado." },
};

/** Picks `label` in the filter select named `name` (its dropdown stays hidden under happy-dom). */
async function choose(name: string, label: string) {
  fireEvent.click(screen.getByRole("textbox", { name }));
  const option = await waitFor(() => {
    const found = screen.queryAllByRole("option", { hidden: true }).find((o) => o.textContent === label);
    if (!found) throw new Error(`${label} is not offered yet`);
    return found;
  });
  fireEvent.click(option);
}

afterEach(cleanup);

describe("/admin/compras", () => {
  it("asks the lists again with the chosen filters, each tab with its own status", async () => {
    const asked: URLSearchParams[] = [];
    const askedCharges: URLSearchParams[] = [];
    renderWithApp(<PurchasesPage />, {
      routes: {
        ...routes,
        "GET /admin/lists/purchases": (_: unknown, query: URLSearchParams) => {
          asked.push(query);
          return routes["GET /admin/lists/purchases"];
        },
        "GET /admin/lists/invoices": (_: unknown, query: URLSearchParams) => {
          askedCharges.push(query);
          return routes["GET /admin/lists/invoices"];
        },
      },
    });
    expect(await screen.findByText("Paquete 10 clases")).toBeTruthy();

    await choose("Origen", "Efectivo");
    await waitFor(() => expect(asked.at(-1)?.get("provider")).toBe("cash"));
    await choose("Estado", "Pendiente");
    await waitFor(() => expect(asked.at(-1)?.get("status")).toBe("pending"));
    expect(asked.at(-1)?.get("provider")).toBe("cash");

    // The charges tab keeps the shared filters but not the purchases' status.
    fireEvent.click(screen.getByRole("tab", { name: "Cargos" }));
    expect(await screen.findByText("Mensualidad")).toBeTruthy();
    expect(askedCharges.at(-1)?.get("provider")).toBe("cash");
    expect(askedCharges.at(-1)?.get("status")).toBeNull();
    expect((screen.getByRole("textbox", { name: "Estado" }) as HTMLInputElement).value).toBe("");
  });

  it("confirms a cash purchase and a renewal's charge after asking", async () => {
    const { requests } = renderWithApp(<PurchasesPage />, { routes });
    fireEvent.click(
      await screen.findByRole("button", { name: "Confirmar pago: Paquete 10 clases, Ana López" }),
    );
    let dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Se otorgarán sus créditos/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar pago" }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === "PUT")).toEqual({
        method: "PUT",
        path: "/customer/confirmCash",
        body: { purchase_id: 9 },
      }),
    );

    fireEvent.click(screen.getByRole("tab", { name: "Cargos" }));
    fireEvent.click(await screen.findByRole("button", { name: "Confirmar pago: Mensualidad, Luis Pérez" }));
    dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Se otorgará el periodo/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar pago" }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === "POST" && r.path === "/purchases/admin/invoices/77/confirm"),
      ).toBe(true),
    );
  });
});
