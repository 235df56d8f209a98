import type { AppConfig } from "../../../domain/app-config";
import type { MailInput } from "../../plugins/mailer";
import { brandOf } from "../mail/templates/brand";
import { cashRenewalEmailOf } from "../mail/templates/purchases";
import { sanitizeInstructions } from "../payment-methods/payment-methods.service";
import type { findPurchaseDetail, NewInvoice } from "./purchases.repository";

const BANK_LABELS: Record<string, string> = {
  bank: "Banco",
  beneficiary: "Beneficiario",
  clabe: "CLABE",
  account_number: "Cuenta",
  card: "Tarjeta",
};

/** The email of a cash subscription's renewal: amount, period, bank details and instructions. */
export async function cashRenewalEmail(input: {
  detail: NonNullable<Awaited<ReturnType<typeof findPurchaseDetail>>>;
  invoice: Pick<NewInvoice, "total_payment" | "period_start" | "period_end">;
  studio: AppConfig;
  publicUrl: string;
}): Promise<MailInput> {
  const { detail, invoice } = input;
  const bank = Object.entries(detail.method?.bank ?? {})
    .filter(([, v]) => Boolean(v))
    .map(([k, v]): [string, string] => [BANK_LABELS[k] ?? k, String(v)]);
  const email = await cashRenewalEmailOf(brandOf(input.studio, input.publicUrl), {
    title: detail.purchase.title,
    total: invoice.total_payment,
    periodStart: invoice.period_start ?? null,
    periodEnd: invoice.period_end ?? null,
    bank,
    instructionsHtml: sanitizeInstructions(detail.method?.instructions) ?? "",
  });
  return { to: detail.email, template: "subscription-renewal-cash", ...email };
}
