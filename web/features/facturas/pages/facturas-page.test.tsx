// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type Routes, renderWithApp, screen } from "../../../test/render";
import type { FacturaRow } from "../api";
import { FacturasPage } from "./facturas-page";

function factura(id: number, status: FacturaRow["status"], extra: Partial<FacturaRow> = {}): FacturaRow {
  return {
    cfdi_id: id,
    kind: "ingreso",
    status,
    preview: false,
    purchase_id: id,
    refund_id: null,
    period: null,
    uuid: null,
    rfc: "LOAA800101AB1",
    razon_social: "ANA LOPEZ",
    payment_form: "01",
    subtotal: 1293.1,
    iva: 206.9,
    total: 1500,
    error: null,
    cancellation_motive: null,
    cancellation_status: null,
    related_cfdi_id: null,
    issuedAt: null,
    cancelledAt: null,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    customer_name: "Ana López",
    ...extra,
  } as unknown as FacturaRow;
}

const routes: Routes = {
  "GET /session": {
    customer: {
      customer_id: null,
      name: "Staff",
      email: "staff@demo.mx",
      role: "admin",
      staff_role: "owner",
    },
  },
  "GET /facturas/admin": {
    facturas: [
      factura(7, "valid", { uuid: "abc", issuedAt: new Date().toISOString() }),
      factura(8, "failed", { error: "El RFC no está en la lista de SAT." }),
    ],
  },
};

afterEach(cleanup);

describe("facturas page", () => {
  it("lists the facturas with their status and retries a failed one after confirming", async () => {
    const { requests } = renderWithApp(<FacturasPage />, {
      routes: { ...routes, "POST /facturas/admin/8/retry": { message: "Factura emitida." } },
    });
    expect(await screen.findByText("El RFC no está en la lista de SAT.")).toBeTruthy();
    expect(screen.getAllByText("$1,500.00 MXN")).toHaveLength(2);
    // Only the failed one offers a retry.
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    const dialog = await screen.findByRole("dialog", { name: "Reintentar factura" });
    expect(dialog.textContent).toContain("¿Volver a timbrar la factura con folio 8?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reintentar" }));

    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));
    expect(requests.find((r) => r.method === "POST")?.path).toBe("/facturas/admin/8/retry");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Reintentar factura" })).toBeNull());
  });
});
