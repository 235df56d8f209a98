// @vitest-environment happy-dom
import { cleanup, fireEvent } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type Routes as ApiRoutes, renderWithApp, type SeenRequest, screen } from "../../../test/render";
import type { ClassPackage } from "../../packages/public";
import type { CheckoutOption } from "../api";
import { PaymentPanel } from "./payment-panel";

/** A one-off package of $1,500 the studio sells for cash only. */
const pkg = {
  class_package_id: 5,
  title: "Paquete 10 clases",
  price: 1500,
  sale_price: null,
  is_subscription: false,
  free_trial_length: null,
  free_trial_period: null,
} as unknown as ClassPackage;

const cash = {
  payment_method_id: 3,
  name: "Efectivo en recepción",
  description: "Pagas al llegar a tu clase.",
  instructions: null,
  provider: "cash",
  bank: null,
  available: true,
  order: 1,
} as unknown as CheckoutOption;

const terms = { page_id: 1, slug: "terminos", title: "Términos", required: true };

function renderPanel(routes: ApiRoutes) {
  return renderWithApp(
    <Routes>
      <Route
        path="/checkout"
        element={<PaymentPanel pkg={pkg} options={[cash]} discount={null} fee={null} />}
      />
      <Route path="/gracias/:id" element={<p>Página de gracias</p>} />
    </Routes>,
    {
      path: "/checkout",
      routes: {
        "GET /pages": { pages: [terms] },
        "GET /metodosPago": { metodos_pago: [] },
        "GET /checkout/providers": { card: "sandbox", wallet: null },
        ...routes,
      },
    },
  );
}

const checkouts = (requests: SeenRequest[]) => requests.filter((r) => r.method === "POST");

afterEach(cleanup);

describe("checkout payment panel", () => {
  it("says what Pay needs before paying, then pays in cash once and goes to the thank-you page", async () => {
    const { requests } = renderPanel({ "POST /checkout": { purchase_id: 77, message: "Compra exitosa" } });
    expect(await screen.findByText("Pagas al llegar a tu clase.")).toBeTruthy();
    const pay = await screen.findByRole("button", { name: "Confirmar compra en efectivo" });
    await screen.findByRole("link", { name: "Términos" });

    fireEvent.click(pay);
    expect(await screen.findByText("Debes aceptar Términos para continuar")).toBeTruthy();
    expect(checkouts(requests)).toEqual([]);

    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(pay);
    expect(await screen.findByText("Página de gracias")).toBeTruthy();
    const sent = checkouts(requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: "/checkout",
      body: {
        class_package_id: 5,
        discountCode: null,
        payment_method_id: 3,
        idempotency_key: expect.any(String),
      },
    });
  });

  it("shows a failed attempt's error and retries it as a new attempt with its own key", async () => {
    let calls = 0;
    const { requests } = renderPanel({
      "POST /checkout": () => {
        calls += 1;
        if (calls === 1) throw new Error("sin red");
        return { purchase_id: 78, message: "Compra exitosa" };
      },
    });
    fireEvent.click(await screen.findByRole("checkbox"));
    const pay = screen.getByRole("button", { name: "Confirmar compra en efectivo" });
    fireEvent.click(pay);
    expect((await screen.findByTestId("checkout-error")).textContent).not.toBe("");

    fireEvent.click(pay);
    expect(await screen.findByText("Página de gracias")).toBeTruthy();
    const [first, second] = checkouts(requests).map(
      (r) => (r.body as { idempotency_key: string }).idempotency_key,
    );
    expect(first).toBeTruthy();
    expect(second).not.toBe(first);
  });
});
