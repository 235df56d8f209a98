import { t } from "../../../domain/messages";
import { consentText } from "../../../domain/messaging/consent-text";
import { renderTemplate, templateText } from "../../../domain/messaging/templates";
import type { Db } from "../client";
import type { customers } from "../schema/customers";
import { message_consents, messages } from "../schema/messaging";

type Customer = typeof customers.$inferSelect;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const STUDIO = "Estudio Pulso";

/**
 * A studio's messaging a few weeks in (docs/product-rules.md#messaging): Ana chose WhatsApp for
 * her class notices at sign-up and got her booking and reminder; three replies wait in the inbox
 * (one WhatsApp inside the 24-hour window, one past it, one SMS, which has no window); and the
 * win-back and birthday automations have run for a few people who accepted promotions, and
 * skipped one who did not: her birthday greeting is kept as refused, with why, as the daily run
 * records it (sendToCustomer). Nothing is queued, so the demo never sends anything.
 */
export async function seedMessaging(db: Db, people: { ana: Customer; fillers: Customer[] }, now: Date) {
  const at = (ms: number) => new Date(now.getTime() - ms);
  const { ana, fillers } = people;
  const [late, sms, ...others] = fillers;
  if (!late || !sms || others.length < 4) throw new Error("the demo messaging needs six fillers");
  const promoted = others.slice(0, 4);
  const wa = (c: Customer) => `whatsapp:+52${c.phone}`;

  await db.insert(message_consents).values([
    ...[ana, late, ...promoted].map((c) => ({
      customer_id: c.customer_id,
      purpose: "transactional",
      channel: "whatsapp",
      granted: true,
      text_shown: consentText("transactional", "whatsapp"),
      source: "signup",
      createdAt: at(60 * DAY),
    })),
    {
      customer_id: sms.customer_id,
      purpose: "transactional",
      channel: "sms",
      granted: true,
      text_shown: consentText("transactional", "sms"),
      source: "profile",
      createdAt: at(40 * DAY),
    },
    ...promoted.map((c) => ({
      customer_id: c.customer_id,
      purpose: "marketing",
      channel: "whatsapp",
      granted: true,
      text_shown: consentText("marketing", "whatsapp"),
      source: "signup",
      createdAt: at(60 * DAY),
    })),
  ]);

  const out = (
    c: Customer,
    template: "booking_confirmed" | "class_reminder" | "win_back" | "birthday",
    vars: Record<string, string | number>,
    status: "delivered" | "read" | "failed",
    ago: number,
  ) => {
    const marketing = template === "win_back" || template === "birthday";
    return {
      customer_id: c.customer_id,
      direction: "out",
      channel: "whatsapp",
      purpose: marketing ? "marketing" : "transactional",
      template,
      automation: marketing ? template : null,
      body: renderTemplate(
        templateText(template),
        { studio: STUDIO, name: c.name, ...vars },
        marketing ? "marketing" : "transactional",
      ),
      address: wa(c),
      status,
      error: status === "failed" ? "63016: fuera de la ventana de 24 horas" : null,
      createdAt: at(ago),
      sent_at: at(ago),
      status_at: at(ago - 60_000),
    };
  };
  const inbound = (c: Customer, channel: "whatsapp" | "sms", body: string, ago: number) => ({
    customer_id: c.customer_id,
    direction: "in",
    channel,
    purpose: "transactional",
    body,
    address: channel === "whatsapp" ? wa(c) : `+52${c.phone}`,
    status: "received",
    createdAt: at(ago),
  });

  await db.insert(messages).values([
    out(
      ana,
      "booking_confirmed",
      { className: "Yoga Flow", when: "sábado 10:00", spot: "" },
      "read",
      3 * DAY,
    ),
    out(
      ana,
      "class_reminder",
      { className: "Yoga Flow", when: "sábado 10:00", policy: "" },
      "delivered",
      DAY,
    ),
    inbound(
      ana,
      "whatsapp",
      "Hola, ¿puedo llevar a una amiga a mi clase del sábado? Es su primera vez.",
      2 * HOUR,
    ),
    out(
      late,
      "class_reminder",
      { className: "Spinning", when: "martes 19:00", policy: "" },
      "failed",
      3 * DAY,
    ),
    inbound(late, "whatsapp", "¿Tienen estacionamiento en la sucursal Roma?", 30 * HOUR),
    inbound(sms, "sms", "¿A qué hora abre la recepción el domingo?", 5 * HOUR),
    ...promoted.map((c, i) =>
      out(c, "win_back", { days: 30 }, i === 0 ? "read" : "delivered", (3 + i) * DAY),
    ),
    out(promoted[0]!, "birthday", {}, "delivered", 20 * DAY),
    {
      customer_id: late.customer_id,
      direction: "out",
      channel: "none",
      purpose: "marketing",
      template: "birthday",
      automation: "birthday",
      body: renderTemplate(templateText("birthday"), { studio: STUDIO, name: late.name }, "marketing"),
      status: "refused",
      error: t("messagingNoConsentForMarketing"),
      createdAt: at(12 * DAY),
      status_at: at(12 * DAY),
    },
  ]);
}
