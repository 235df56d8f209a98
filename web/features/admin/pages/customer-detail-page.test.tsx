// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { CreditBucket } from "../../../../domain/api/credits";
import { formatDate } from "../../../../domain/format";
import { type Routes as ApiRoutes, renderWithApp, screen } from "../../../test/render";
import type { AdminPurchase, CustomerDetail } from "../api";
import { CustomerDetailPage } from "./customer-detail-page";

const TZ = "America/Mexico_City";
const DAY = 86_400_000;
/** Dates relative to now, so the buckets and the membership are current whenever this runs. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function bucket(id: number, classes: number, expiresInDays: number | null): CreditBucket {
  return {
    available_class_id: id,
    available_classes: classes,
    unlimited: classes === -1,
    expiration_date: expiresInDays === null ? null : inDays(expiresInDays),
    class_type_id: null,
    class_types: null,
    class_type_names: classes === -1 ? [] : ["Spinning"],
    allowed_times: null,
    cancels_used: 0,
    purchase_id: null,
  };
}

/** A paid package the desk could refund (credits granted, nothing refunded yet). */
const paidPackage = {
  purchase_id: 9,
  title: "Paquete 10 clases",
  status: "completed",
  status_text: "Pagada",
  provider: "cash",
  provider_ref: null,
  payment_method_name: null,
  total_payment: 1500,
  refunded_total: 0,
  credits_granted_at: inDays(-3),
  is_gift: false,
  createdAt: inDays(-3),
} as unknown as AdminPurchase;

type CustomerRefund = CustomerDetail["refunds"][number];

/** A renewal charge for a period already paid, whose give-back the processor refused (decision 0142). */
const refusedGiveBack = {
  refund_id: 5,
  purchase_id: 9,
  title: "Paquete 10 clases",
  amount: 1200,
  status: "failed",
  provider: "sandbox",
  provider_ref: null,
  reason: "Cobro de renovación no aplicado (periodo ya pagado o suscripción terminada): se devuelve",
  credits_withdrawn: 0,
  source: "not_applied",
  failure_code: "charge_already_refunded",
  createdAt: inDays(-1),
} as CustomerRefund;

function customerDetail(
  buckets: CreditBucket[],
  purchases: AdminPurchase[] = [],
  refunds: CustomerRefund[] = [],
): CustomerDetail {
  const unlimited = buckets.find((b) => b.available_classes === -1);
  return {
    customer: {
      customer_id: 42,
      uid: "uid-42",
      name: "Ana",
      last_name: "López",
      email: "ana@example.mx",
      phone: "5512345678",
      birthdate: null,
      instagram: null,
      tags: [],
      createdAt: inDays(-90),
      deactivatedAt: null,
      merged_into_id: null,
    },
    address: null,
    notes: [],
    form_answers: [],
    credits: {
      available_classes: buckets,
      total: buckets.reduce((sum, b) => sum + Math.max(b.available_classes, 0), 0),
      unlimited: Boolean(unlimited),
      unlimited_expiration: unlimited?.expiration_date ?? null,
    },
    purchases,
    refunds,
    reservations: [],
    waitlists: [],
    penalties: [],
    audit: [],
  } as unknown as CustomerDetail;
}

function session(staffRole: "owner" | "front_desk") {
  return {
    customer: {
      customer_id: null,
      name: "Staff",
      email: "staff@demo.mx",
      role: "admin",
      staff_role: staffRole,
    },
  };
}

function routesFor(detail: CustomerDetail, staffRole: "owner" | "front_desk" = "owner"): ApiRoutes {
  return {
    "GET /session": session(staffRole),
    "GET /customer/admin/42": detail,
    "GET /available_classes": { ...detail.credits },
    "GET /class_reservation_penaltys": { class_reservation_penaltys: [] },
    "GET /facturas/admin/customer/42": { facturas: [] },
  };
}

function renderPage(routes: ApiRoutes) {
  return renderWithApp(
    <Routes>
      <Route path="/admin/clientes/:id" element={<CustomerDetailPage />} />
    </Routes>,
    { routes, path: "/admin/clientes/42" },
  );
}

afterEach(cleanup);

describe("admin customer page", () => {
  it("shows a loading state until the customer arrives, then the customer's name", async () => {
    renderPage(routesFor(customerDetail([])));
    expect(screen.getByRole("status", { name: /cargando/i })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Ana López" })).toBeTruthy();
  });

  it("sums a customer's credits and lists each bucket, in the summary and in the adjustments table", async () => {
    renderPage(routesFor(customerDetail([bucket(1, 4, 20), bucket(2, 2, null)])));
    const summary = await screen.findByRole("region", { name: "Créditos" });
    expect(within(summary).getByText("6 clases disponibles")).toBeTruthy();
    expect(within(summary).getByText("Sin vencimiento")).toBeTruthy();
    expect(within(summary).queryByText(/Ilimitado/)).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId("credit-bucket")).toHaveLength(2));
  });

  it("shows an unlimited membership with the day it ends", async () => {
    const membership = bucket(3, -1, 15);
    renderPage(routesFor(customerDetail([membership])));
    const summary = await screen.findByRole("region", { name: "Créditos" });
    const ends = formatDate(membership.expiration_date as string, TZ);
    expect(within(summary).getByText(`Ilimitado hasta ${ends}`)).toBeTruthy();
    expect(within(summary).getByText("Ilimitado · Cualquiera")).toBeTruthy();
  });

  it("hides the owner-only buttons from the front desk", async () => {
    const detail = customerDetail([bucket(1, 4, 20)], [paidPackage]);
    renderPage(routesFor(detail, "front_desk"));
    const purchases = await screen.findByRole("region", { name: "Compras" });
    expect(within(purchases).getByText("Paquete 10 clases")).toBeTruthy();
    expect(within(purchases).queryByRole("button", { name: "Reembolsar" })).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId("credit-bucket")).toHaveLength(1));
    expect(screen.queryByRole("button", { name: /^Eliminar 4 clases/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Más acciones" }));
    // Checked together with an item the front desk does see, so the menu is open when they are missing.
    await waitFor(() => {
      expect(screen.getByRole("menuitem", { name: "Desactivar cuenta" })).toBeTruthy();
      expect(screen.queryByRole("menuitem", { name: "Unir con otra cuenta" })).toBeNull();
      expect(screen.queryByRole("menuitem", { name: "Cerrar cuenta y borrar datos personales" })).toBeNull();
    });
  });

  it("shows the same buttons to the owner", async () => {
    renderPage(routesFor(customerDetail([bucket(1, 4, 20)], [paidPackage])));
    const purchases = await screen.findByRole("region", { name: "Compras" });
    await waitFor(() => expect(within(purchases).getByRole("button", { name: "Reembolsar" })).toBeTruthy());
    await waitFor(() => expect(screen.getByRole("button", { name: /^Eliminar 4 clases/ })).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Más acciones" }));
    await waitFor(() => {
      expect(screen.getByRole("menuitem", { name: "Unir con otra cuenta" })).toBeTruthy();
      expect(screen.getByRole("menuitem", { name: "Cerrar cuenta y borrar datos personales" })).toBeTruthy();
    });
  });

  it("lists the customer's refunds only once there is one", async () => {
    renderPage(routesFor(customerDetail([], [paidPackage])));
    await screen.findByRole("region", { name: "Compras" });
    expect(screen.queryByRole("region", { name: "Reembolsos" })).toBeNull();
    expect(screen.queryByText("Dinero por devolver")).toBeNull();
    expect(screen.queryByText("Reembolso rechazado")).toBeNull();
  });

  it("warns of a give-back the processor refused, marks its purchase and lists it with the processor's code", async () => {
    const done = {
      ...refusedGiveBack,
      refund_id: 4,
      status: "succeeded",
      source: "desk",
      reason: "Cambio de plan",
      failure_code: null,
      amount: 300,
    };
    renderPage(routesFor(customerDetail([], [paidPackage], [refusedGiveBack, done as CustomerRefund])));
    const alert = await screen.findByText(/El procesador rechazó devolver \$1,200\.00 MXN a este cliente/);
    expect(alert).toBeTruthy();
    const purchases = await screen.findByRole("region", { name: "Compras" });
    expect(within(purchases).getByText("Reembolso rechazado")).toBeTruthy();
    const refunds = screen.getByRole("region", { name: "Reembolsos" });
    expect(within(refunds).getByText("Rechazado")).toBeTruthy();
    expect(within(refunds).getByText("Hecho")).toBeTruthy();
    expect(within(refunds).getByText("Código del procesador: charge_already_refunded")).toBeTruthy();
  });

  it("grants credits: sends the new bucket and refreshes the customer's credits", async () => {
    const detail = customerDetail([]);
    const { requests } = renderPage({
      ...routesFor(detail),
      "POST /available_classes": { message: "Créditos agregados." },
    });
    const panel = await screen.findByRole("region", { name: "Ajustar créditos y penalizaciones" });
    await within(panel).findByText("Este cliente no tiene créditos.");
    const bucketReads = () =>
      requests.filter((r) => r.method === "GET" && r.path === "/available_classes").length;
    const pageReads = () => requests.filter((r) => r.path === "/customer/admin/42").length;
    const [bucketsBefore, pageBefore] = [bucketReads(), pageReads()];

    fireEvent.click(within(panel).getByRole("button", { name: "Agregar créditos" }));
    const dialog = await screen.findByRole("dialog", { name: "Agregar créditos" });
    fireEvent.change(within(dialog).getByLabelText("Clases disponibles"), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));

    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));
    expect(requests.find((r) => r.method === "POST")).toEqual({
      method: "POST",
      path: "/available_classes",
      body: {
        customer_id: 42,
        available_classes: 5,
        expiration_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        class_type_id: null,
        class_types: [],
        allowed_times: null,
      },
    });
    await waitFor(() => expect(bucketReads()).toBeGreaterThan(bucketsBefore));
    await waitFor(() => expect(pageReads()).toBeGreaterThan(pageBefore));
  });
});
