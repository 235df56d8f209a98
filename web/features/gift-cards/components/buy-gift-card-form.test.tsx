// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp, screen } from "../../../test/render";
import { BuyGiftCardForm } from "./buy-gift-card-form";

/** The sale's answer: the code is shown once (docs/product-rules.md#gift-cards). */
const sold = {
  gift_card: {
    gift_card_id: 9,
    amount: 500,
    recipient_name: "Luisa",
    recipient_email: null,
    recipient_whatsapp: null,
    delivered_at: null,
    deliver_at: null,
    expires_label: "30-11-2027",
  },
  code: "REGALO-7Q4M",
};

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

const payButton = () => screen.getByRole("button", { name: /^Pagar/ });

afterEach(cleanup);

describe("buying a gift card online", () => {
  it("asks for the recipient's name and a channel for a dated delivery before paying", async () => {
    const { requests } = renderWithApp(<BuyGiftCardForm />);
    fireEvent.click(screen.getByRole("radio", { name: "Elegir fecha" }));
    fireEvent.click(payButton());

    expect(await screen.findByText("Escribe el nombre de quien la recibe.")).toBeTruthy();
    expect(screen.getByText("Para enviarla en una fecha escribe su correo o su WhatsApp.")).toBeTruthy();
    expect(requests.some((r) => r.method === "POST")).toBe(false);
  });

  it("pays with the card's token and shows the code once", async () => {
    const { requests } = renderWithApp(<BuyGiftCardForm />, { routes: { "POST /gift-cards": sold } });
    type(/^Nombre de quien la recibe/, "Luisa");
    type(/^Número de tarjeta/, "4242 4242 4242 4242");
    type(/^Vencimiento/, "12/30");
    type(/^CVV/, "123");
    fireEvent.click(payButton());

    expect((await screen.findByTestId("gift-card-code")).textContent).toBe("REGALO-7Q4M");
    const sale = requests.find((r) => r.method === "POST" && r.path === "/gift-cards");
    expect(sale?.body).toMatchObject({
      amount: 500,
      recipient_name: "Luisa",
      recipient_email: null,
      deliver_on: null,
    });
    const body = sale?.body as { payment_method: string; idempotency_key: string };
    expect(body.payment_method.length).toBeGreaterThan(0);
    expect(body.idempotency_key.length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole("button", { name: "Comprar otra" }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Nombre de quien la recibe/) as HTMLInputElement).value).toBe(""),
    );
  });
});
