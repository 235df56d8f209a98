// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, screen } from "../../../test/render";
import { RefundModal } from "./refund-modal";

/** A $1,500 cash purchase of which $500 were refunded already: $1,000 left. */
const purchase = {
  purchase_id: 9,
  title: "Paquete 10 clases",
  total_payment: 1500,
  refunded_total: 500,
  provider: "cash",
};

const routes = { "POST /purchases/admin/9/refund": { message: "Reembolso registrado." } };

afterEach(cleanup);

describe("refund modal", () => {
  it("refunds all that is left at the desk with the reason, then closes", async () => {
    const onClose = vi.fn();
    const { requests } = renderWithApp(
      <RefundModal customerId={42} purchase={purchase} onClose={onClose} />,
      {
        routes,
      },
    );
    const dialog = await screen.findByRole("dialog", { name: "Reembolsar Paquete 10 clases" });
    expect(dialog.textContent).toContain("Pagado: $1,500.00 MXN. Ya reembolsado: $500.00 MXN.");
    expect(screen.getByLabelText("Todo lo que queda ($1,000.00 MXN)")).toBeTruthy();
    expect(dialog.textContent).toContain("entrega el dinero al cliente");
    fireEvent.change(screen.getByLabelText("Motivo (se incluye en el correo al cliente)"), {
      target: { value: "Se mudó" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Reembolsar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.filter((r) => r.method === "POST");
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/purchases/admin/9/refund",
        body: { idempotency_key: expect.any(String), reason: "Se mudó" },
      },
    ]);
  });

  it("refunds a part only up to what is left", async () => {
    const { requests } = renderWithApp(
      <RefundModal customerId={42} purchase={purchase} onClose={() => {}} />,
      {
        routes,
      },
    );
    fireEvent.click(await screen.findByLabelText("Una parte"));
    const amount = await screen.findByLabelText("Monto a reembolsar (MXN)");
    const refund = screen.getByRole("button", { name: "Reembolsar" });

    fireEvent.change(amount, { target: { value: "1200" } });
    await waitFor(() => expect(refund.hasAttribute("disabled")).toBe(true));
    fireEvent.change(amount, { target: { value: "300" } });
    await waitFor(() => expect(refund.hasAttribute("disabled")).toBe(false));
    fireEvent.click(refund);

    await waitFor(() => expect(requests.some((r) => r.method === "POST")).toBe(true));
    expect(requests.find((r) => r.method === "POST")?.body).toMatchObject({ amount: 300, reason: "" });
  });
});
