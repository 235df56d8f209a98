import { formatDate, formatMoney } from "../../../domain/format";
import type { MailInput } from "../../plugins/mailer";
import { sanitizeInstructions } from "../payment-methods/payment-methods.service";
import type { findPurchaseDetail, NewInvoice } from "./purchases.repository";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const BANK_LABELS: Record<string, string> = {
  bank: "Banco",
  beneficiary: "Beneficiario",
  clabe: "CLABE",
  account_number: "Cuenta",
  card: "Tarjeta",
};

/** The email of a cash subscription's renewal: amount, period, bank details and instructions. */
export function cashRenewalEmail(input: {
  detail: NonNullable<Awaited<ReturnType<typeof findPurchaseDetail>>>;
  invoice: Pick<NewInvoice, "total_payment" | "period_start" | "period_end">;
  timeZone: string;
  studio: { name: string };
}): MailInput {
  const { detail, invoice, timeZone } = input;
  const amount = formatMoney(invoice.total_payment);
  const from = formatDate(invoice.period_start ?? null, timeZone);
  const until = formatDate(invoice.period_end ?? null, timeZone);
  const bank = Object.entries(detail.method?.bank ?? {}).filter(([, v]) => Boolean(v));
  const bankText = bank.map(([k, v]) => `${BANK_LABELS[k] ?? k}: ${v}`);
  const instructions = sanitizeInstructions(detail.method?.instructions) ?? "";
  const title = detail.purchase.title;
  return {
    to: detail.email,
    template: "subscription-renewal-cash",
    subject: `${input.studio.name}: pago de tu suscripción ${title}`,
    text: [
      `Tu suscripción ${title} se renueva: ${amount} por el periodo del ${from} al ${until}.`,
      "Realiza tu pago con estos datos:",
      ...bankText,
      "Tu periodo se activa cuando el estudio confirme el pago.",
    ].join("\n"),
    html: [
      `<p>Tu suscripción <strong>${escapeHtml(title)}</strong> se renueva: <strong>${escapeHtml(amount)}</strong> por el periodo del ${escapeHtml(from)} al ${escapeHtml(until)}.</p>`,
      "<p>Realiza tu pago con estos datos:</p>",
      `<ul>${bankText.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
      instructions,
      "<p>Tu periodo se activa cuando el estudio confirme el pago.</p>",
    ].join(""),
  };
}
