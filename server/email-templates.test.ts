import { pretty, render } from "@react-email/render";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type AppConfig, resolveAppConfig } from "../domain/app-config";
import {
  emailChangedNoticeEmail,
  emailChangeEmail,
  emailChangeRequestedNoticeEmail,
  newSignInNoticeEmail,
  passwordChangedNoticeEmail,
  passwordResetEmail,
  staffInvitationEmail,
} from "./modules/mail/templates/account";
import { brandOf } from "./modules/mail/templates/brand";
import {
  BookingConfirmed,
  bookingConfirmedEmail,
  type ClassFacts,
  classReminderEmail,
  penaltyNoticeEmail,
  reservationCancelledEmail,
  waitlistOfferEmail,
  waitlistSkippedEmail,
} from "./modules/mail/templates/classes";
import { GenericEmail } from "./modules/mail/templates/generic";
import { invoiceIssuedEmail } from "./modules/mail/templates/invoicing";
import { offlinePaymentEmail } from "./modules/mail/templates/offline-payment";
import { closureRequestEmail } from "./modules/mail/templates/privacy";
import {
  cashRenewalEmailOf,
  type PurchaseFacts,
  purchaseGiftEmail,
  purchaseReceiptEmail,
} from "./modules/mail/templates/purchases";
import { type RenderedMail, renderMail, renderMailSync } from "./modules/mail/templates/render";
import { videoRatingEmail } from "./modules/mail/templates/videos";
import { type ClassChangeEmailInput, classChangeEmail } from "./modules/notifications/class-change-emails";
import { renderEmail } from "./modules/notifications/email-layout";
import { refundEmailContent } from "./modules/purchases/refund-email";

/**
 * Every email the app sends, rendered from its template with fixed data and a fixed clock:
 * snapshots of the HTML (styles left out, pretty-printed) and of the plain text, a check that no
 * value went missing, the studio's brand in each, and singular/plural wording. It lives beside
 * app.ts, not in mail/templates: it renders the emails of notifications and purchases too, and
 * those modules use the templates, never the other way round (docs/contributing.md, Boundaries).
 */

const config: AppConfig = {
  ...resolveAppConfig([]),
  name: "Estudio Luna",
  business_name: "Luna Movimiento S.A. de C.V.",
  navbar_logo: "/files/logo-luna.png",
  primary: "#0b7285",
  dark: "#212529",
  address: "Av. Álvaro Obregón 120, Roma Norte, 06700 CDMX",
  email: "hola@estudioluna.mx",
  whatsapp: "55 1234 5678",
  timezone: "America/Mexico_City",
};
const brand = brandOf(config, "https://estudioluna.mx/");

const klass: ClassFacts = {
  name: "Cycling",
  date: new Date("2026-03-02T15:00:00Z"), // 09:00 in Mexico City
  location: { name: "Sala Roma", address: "Av. Álvaro Obregón 120" },
  coaches: ["Vale"],
};
const purchase: PurchaseFacts = {
  purchaseId: 1042,
  title: "Paquete 10 clases",
  createdAt: new Date("2026-03-01T18:30:00Z"),
  classAmount: 10,
  unlimited: false,
  expiresAt: new Date("2026-04-30T18:30:00Z"),
  payment: "Tarjeta",
  total: "1250.00",
};
const resetLink = "https://estudioluna.mx/restablecer?token=abc123";

/** The studio's change or cancellation of a class (class-change-emails.ts, through renderEmail). */
function classChange(kind: ClassChangeEmailInput["kind"], refundedCredits: number): RenderedMail {
  const { subject, html, text } = classChangeEmail(config, "https://estudioluna.mx", {
    kind,
    to: { email: "ana@correo.mx", name: "Ana" },
    klass: {
      class_date: new Date("2026-03-02T16:00:00Z"),
      duration_minutes: 50,
      description: null,
      sequence: 1,
      class_type: { name: "Cycling" },
      location: { name: "Sala Roma", address: "Av. Álvaro Obregón 120" },
      coaches: ["Vale"],
    },
    changes: kind === "changed" ? [{ label: "Hora", before: "09:00", after: "10:00" }] : [],
    reservation: { class_reservation_id: 5, spot: "B3" },
    refundedCredits,
  });
  return { subject, html, text };
}

/** One complete sample of every email type (template names as the outbox records them). */
const samples: Record<string, () => Promise<RenderedMail> | RenderedMail> = {
  "password-reset": () => passwordResetEmail(brand, { name: "Ana", link: resetLink }),
  "email-change": () =>
    emailChangeEmail(brand, {
      name: "Ana",
      link: "https://estudioluna.mx/confirmar-correo?token=x.y",
      hours: 24,
    }),
  "email-changed-notice": () =>
    emailChangedNoticeEmail(brand, { name: "Ana", newEmail: "ana.nueva@correo.mx" }),
  "email-change-requested": () =>
    emailChangeRequestedNoticeEmail(brand, { name: "Ana", newEmail: "ana.nueva@correo.mx" }),
  "new-sign-in": () =>
    newSignInNoticeEmail(brand, {
      name: "Ana",
      device: "Chrome en Android",
      place: "201.141.2.3",
      when: "lunes 3 de marzo de 2025, 7:05",
    }),
  "password-changed": () =>
    passwordChangedNoticeEmail(brand, { name: "Ana", when: "lunes 3 de marzo de 2025, 7:05" }),
  booking_confirmed: () =>
    bookingConfirmedEmail(brand, { name: "Ana", klass, spot: "B3", guest: "Luis Pérez", intro: undefined }),
  waitlist_promoted: () =>
    bookingConfirmedEmail(brand, {
      name: "Ana",
      klass,
      spot: null,
      guest: null,
      intro:
        "Se liberó un lugar en tu lista de espera y ya es tuyo: te reservamos la clase con uno de tus créditos.",
    }),
  reservation_cancelled: () => reservationCancelledEmail(brand, { name: "Ana", klass, refunded: true }),
  waitlist_offer: () =>
    waitlistOfferEmail(brand, { name: "Ana", klass, expiresAt: new Date("2026-03-02T13:00:00Z") }),
  waitlist_skipped: () => waitlistSkippedEmail(brand, { name: "Ana", klass, reason: "NO_CREDITS" }),
  penalty_notice: () =>
    penaltyNoticeEmail(brand, { name: "Ana", noShows: 3, endDate: new Date("2026-03-09T06:00:00Z") }),
  class_reminder: () =>
    classReminderEmail(brand, {
      name: "Ana",
      klass,
      spot: "B3",
      unsubscribeUrl: "https://estudioluna.mx/api/notifications/unsubscribe?token=u1",
    }),
  class_changed: () => classChange("changed", 0),
  "class-cancelled": () => classChange("cancelled", 2),
  "purchase-refund": () =>
    renderEmail(config, "https://estudioluna.mx", {
      ...refundEmailContent(
        {
          name: "Ana",
          title: "Paquete 10 clases",
          amount: "625.00",
          method: "Tarjeta",
          date: new Date("2026-03-05T18:00:00Z"),
          credits_withdrawn: 5,
          full: false,
          reason: "Cambio de ciudad",
        },
        config.timezone,
      ),
      action: { label: "Ver mis compras", url: "https://estudioluna.mx/mystudio/membresias" },
    }),
  "staff-invitation": () =>
    staffInvitationEmail(brand, {
      role: "Recepción",
      link: "https://estudioluna.mx/equipo/invitacion?token=1.s",
      days: 7,
      existing: false,
    }),
  "purchase-receipt": () => purchaseReceiptEmail(brand, purchase),
  // One payment for the package and the sign-up fee, each on its line (decision 0051).
  "purchase-receipt-with-fee": () =>
    purchaseReceiptEmail(brand, {
      ...purchase,
      folio: "000731",
      payment: "OXXO",
      total: "1550.00",
      lines: [
        { title: "Paquete 10 clases", total: "1250.00", ivaRate: "16" },
        { title: "Inscripción", total: "300.00", ivaRate: "16" },
      ],
    }),
  "invoice-issued": () =>
    invoiceIssuedEmail(brand, {
      title: "Paquete 10 clases",
      rfc: "GODE561231GR8",
      razonSocial: "ANA GARCÍA",
      total: "1250.00",
      issuedAt: new Date("2026-03-01T18:45:00Z"),
      uuid: "6F1C2B9E-1D2A-4C3B-9E8F-0A1B2C3D4E5F",
      preview: false,
    }),
  "invoice-issued-preview": () =>
    invoiceIssuedEmail(brand, {
      title: "Paquete 10 clases",
      rfc: "GODE561231GR8",
      razonSocial: "ANA GARCÍA",
      total: "1250.00",
      issuedAt: new Date("2026-03-01T18:45:00Z"),
      uuid: null,
      preview: true,
    }),
  "offline-payment": () =>
    offlinePaymentEmail(brand, {
      purchaseId: 1043,
      title: "Paquete 10 clases",
      method: "oxxo",
      amount: "1250.00",
      reference: "930012345678901234",
      expiresAt: new Date("2026-03-05T05:59:59Z"),
      clabe: null,
      bankName: null,
      hostedUrl: null,
      sandbox: false,
    }),
  "offline-payment-spei": () =>
    offlinePaymentEmail(brand, {
      purchaseId: 1044,
      title: "Paquete 10 clases",
      method: "spei",
      amount: "1250.00",
      reference: "4829173",
      expiresAt: new Date("2026-03-05T05:59:59Z"),
      clabe: "646180123456789015",
      bankName: "STP (sandbox)",
      hostedUrl: null,
      sandbox: true,
    }),
  "purchase-gift": () => purchaseGiftEmail(brand, { ...purchase, payment: "Regalo", total: "0.00" }),
  "subscription-renewal-cash": () =>
    cashRenewalEmailOf(brand, {
      title: "Mensualidad ilimitada",
      total: "1800.00",
      periodStart: new Date("2026-03-01T06:00:00Z"),
      periodEnd: new Date("2026-03-31T06:00:00Z"),
      bank: [
        ["Banco", "BBVA"],
        ["CLABE", "012180001234567890"],
      ],
      instructionsHtml: "<p>Envía tu comprobante por WhatsApp.</p>",
    }),
  "closure-request": () =>
    closureRequestEmail(brand, { who: "Ana López", email: "ana@correo.mx", customerId: 77 }),
  "video-rating": () => videoRatingEmail(brand, { video: { video_id: 12, name: "Yoga suave" } }),
  "render-email (generic)": () =>
    renderEmail(config, "https://estudioluna.mx", {
      title: "Tu clase cambió",
      lines: ["Hola Ana, el estudio cambió tu clase.", "Nuevo horario: 10:00"],
      action: { label: "Ver mis reservaciones", url: "https://estudioluna.mx/mystudio/reservaciones" },
    }),
};

/** The HTML without its inline styles (the Layout's own snapshot keeps them), one tag a line. */
const normalised = (html: string) => pretty(html.replace(/ style="[^"]*"/g, ""));

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
});
afterAll(() => {
  vi.useRealTimers();
});

describe("email templates", () => {
  for (const [type, render] of Object.entries(samples)) {
    it(`${type}: html and text snapshot, nothing missing, branded`, async () => {
      const mail = await render();
      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part).not.toMatch(/undefined|null|NaN|\{\{|\[object Object\]/);
      }
      // The studio's frame: logo, colour, signature, footer with address and contact.
      expect(mail.html).toContain('src="https://estudioluna.mx/files/logo-luna.png"');
      expect(mail.html).toContain("#0b7285");
      expect(mail.html).toContain('lang="es"');
      expect(mail.text).toContain("El equipo de Estudio Luna");
      expect(mail.text).toContain("Luna Movimiento S.A. de C.V.");
      expect(mail.text).toContain("Av. Álvaro Obregón 120, Roma Norte, 06700 CDMX");
      expect(mail.text).toContain("hola@estudioluna.mx · WhatsApp 55 1234 5678");
      // Only reminders can be turned off.
      expect(mail.text.includes("Darte de baja")).toBe(type === "class_reminder");
      expect(mail.text).toMatchSnapshot("text");
      expect(await normalised(mail.html)).toMatchSnapshot("html");
    });
  }

  it("the layout with its styles (one email is enough: every email shares it)", async () => {
    const mail = await samples.booking_confirmed!();
    expect(await pretty(mail.html)).toMatchSnapshot();
  });

  it("renders what React Email's streaming render gives, less its empty comments", async () => {
    const generic = createElement(GenericEmail, {
      brand,
      content: { title: "Hola", lines: ["Una línea <b>no es HTML</b>"] },
    });
    const booking = createElement(BookingConfirmed, {
      brand,
      name: "Ana",
      klass,
      spot: "B3",
      guest: "Luis Pérez",
    });
    // React's streaming markers (text separators, Suspense boundaries), not Outlook's conditional comments.
    const withoutComments = (html: string) =>
      html.replace(/<!--(?: |\$|\/\$|\$\?|\$!|html|head|body)-->/g, "");
    for (const element of [generic, booking]) {
      const sync = renderMailSync("s", element);
      expect(sync.html).toBe(withoutComments(await render(element)));
      expect(await renderMail("s", element)).toEqual(sync);
    }
    expect(renderMailSync("s", generic).html).toContain("Una línea &lt;b&gt;no es HTML&lt;/b&gt;");
  });

  it("says 1 crédito / 2 créditos, 1 clase / 10 clases, 1 clase seguida / 3 clases seguidas", async () => {
    const cancelled = async (credits: number) => classChange("cancelled", credits).text;
    expect(await cancelled(1)).toContain("Te devolvimos 1 crédito para");
    expect(await cancelled(2)).toContain("Te devolvimos 2 créditos para");
    expect(await cancelled(0)).not.toContain("Te devolvimos");

    const receipt = async (classAmount: number, unlimited = false) =>
      (await purchaseReceiptEmail(brand, { ...purchase, classAmount, unlimited })).text;
    expect(await receipt(1)).toContain("Incluye: 1 clase\n");
    expect(await receipt(10)).toContain("Incluye: 10 clases\n");
    expect(await receipt(-1)).toContain("Incluye: Clases ilimitadas");
    expect(await receipt(5, true)).toContain("Incluye: Clases ilimitadas");

    const penalty = async (noShows: number) =>
      (await penaltyNoticeEmail(brand, { name: "Ana", noShows, endDate: new Date("2026-03-09T06:00:00Z") }))
        .text;
    expect(await penalty(1)).toContain("no asististe a 1 clase que tenías reservada.");
    expect(await penalty(3)).toContain("no asististe a 3 clases seguidas que tenías reservadas.");

    const change = async (hours: number) =>
      (await emailChangeEmail(brand, { name: "Ana", link: resetLink, hours })).text;
    expect(await change(1)).toContain("vence en 1 hora)");
    expect(await change(24)).toContain("vence en 24 horas)");

    const coaches = async (names: string[]) =>
      (
        await reservationCancelledEmail(brand, {
          name: "Ana",
          klass: { ...klass, coaches: names },
          refunded: true,
        })
      ).text;
    expect(await coaches(["Vale"])).toContain("Coach: Vale");
    expect(await coaches(["Vale", "Caro"])).toContain("Coaches: Vale, Caro");
    expect(await coaches([])).not.toContain("Coach");
  });

  it("writes names as text, never as HTML, and keeps bad colours out of style attributes", async () => {
    const hostile = brandOf(
      {
        ...config,
        name: 'Luna <script>alert("x")</script>',
        primary: "red;background:url(x)",
        navbar_logo: "",
      },
      "https://estudioluna.mx",
    );
    const mail = await passwordResetEmail(hostile, { name: "<img src=x>", link: resetLink });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x>");
    expect(mail.html).not.toContain("url(x)");
    expect(mail.html).toContain("#d6336c"); // the default colour instead
    expect(mail.text).toContain('Luna <script>alert("x")</script>'); // plain text is text
  });

  it("puts the button's link in the plain text, so a client without HTML can follow it", async () => {
    const mail = await passwordResetEmail(brand, { name: "Ana", link: resetLink });
    expect(mail.text).toContain(`Restablecer contraseña ${resetLink}`);
    expect(mail.html).toContain(`href="${resetLink}"`);
  });
});
