// @vitest-environment happy-dom
import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, screen } from "../../../test/render";
import { SignUpForm } from "./sign-up-form";

/** A studio with one page to accept and no custom fields; nobody signed in yet. */
const routes = {
  "GET /custom_fields": { custom_fields: [] },
  "GET /signup_pages": { pages: [{ page_id: 1, slug: "terminos", title: "Términos y condiciones" }] },
  "GET /session": { customer: null },
};

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe("sign-up form (docs/product-rules.md#accounts)", () => {
  it("says what each empty required field needs, with the summary on top, and sends nothing", async () => {
    const { requests } = renderWithApp(<SignUpForm onSignedIn={() => undefined} />, { routes });
    await screen.findByRole("link", { name: "Términos y condiciones" });
    fireEvent.click(screen.getByRole("button", { name: "Crear cuenta" }));

    expect(await screen.findByText("Revisa los campos faltantes o inválidos.")).toBeTruthy();
    expect(screen.getByText("Debes escribir tu nombre.")).toBeTruthy();
    expect(screen.getByText("Debes escribir tu apellido.")).toBeTruthy();
    expect(screen.getByText("Debes escribir tu contraseña.")).toBeTruthy();
    expect(screen.getByText("Debes aceptar los términos y condiciones antes de continuar.")).toBeTruthy();
    expect(requests.some((r) => r.method === "POST")).toBe(false);
  });

  it("signs up once filled and the terms accepted, then records the messaging consent shown", async () => {
    const onSignedIn = vi.fn();
    const { requests } = renderWithApp(<SignUpForm onSignedIn={onSignedIn} />, {
      routes: {
        ...routes,
        "POST /customer/signup": { message: "Cuenta creada." },
        "PUT /customer/messaging": { message: "Listo." },
      },
    });
    await screen.findByRole("link", { name: "Términos y condiciones" });
    type(/^Nombre/, "Ana");
    type(/^Apellido/, "López");
    type(/^Correo electrónico/, "ana@correo.mx");
    type(/^Teléfono/, "55 1234 5678");
    type(/^Contraseña/, "Clave-Segura-2026");
    type(/^Confirma tu contraseña/, "Clave-Segura-2026");
    fireEvent.click(screen.getByRole("checkbox", { name: /Acepto/ }));
    fireEvent.click(screen.getByRole("button", { name: "Crear cuenta" }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const signup = requests.find((r) => r.method === "POST" && r.path === "/customer/signup");
    expect(signup?.body).toMatchObject({
      name: "Ana",
      last_name: "López",
      email: "ana@correo.mx",
      phone: "5512345678",
      accept_terms: true,
      signup_reason_other: null,
    });
    // Class notices by WhatsApp come ticked; promotions never (decision 0110).
    const consent = requests.find((r) => r.method === "PUT" && r.path === "/customer/messaging");
    expect(consent?.body).toMatchObject({
      phone: "5512345678",
      source: "signup",
      consents: { "transactional:whatsapp": true, "marketing:whatsapp": false },
    });
  });
});
