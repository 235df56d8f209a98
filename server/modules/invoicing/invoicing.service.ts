import { CancellationMotive } from "facturapi";
import type { FastifyInstance } from "fastify";
import type { CancellationMotiveCode } from "../../../domain/api/facturas";
import type { AppConfig } from "../../../domain/app-config";
import { legalName } from "../../../domain/app-config";
import { AppError } from "../../../domain/errors";
import { findUso } from "../../../domain/fiscal/catalogs";
import type { FiscalData } from "../../../domain/fiscal/fiscal-data";
import {
  facturapiTaxes,
  type GlobalPeriodicity,
  globalInformation,
  globalPeriodDue,
  invoiceRequestDeadline,
  PENDING_STALE_MS,
  PRODUCT_KEY_PATTERN,
  PUBLICO_EN_GENERAL,
  paymentFormOf,
  periodBounds,
  periodDeadline,
  periodicityOf,
  periodLabel,
  periodOf,
  previousPeriod,
  retryableCfdi,
  UNIT_KEY_PATTERN,
  zonedMidnight,
} from "../../../domain/fiscal/invoicing";
import { effectiveIvaRate, type IvaRate, ivaBreakdown } from "../../../domain/fiscal/iva";
import { formatDate, formatDateTime } from "../../../domain/format";
import { centsToNumber, centsToString, toCents } from "../../../domain/money";
import type { Db } from "../../db/client";
import type { CfdiReceiver } from "../../db/schema/cfdi";
import type { PurchaseRow } from "../../db/schema/purchases";
import { myFiscalData, saveMyFiscalData } from "../fiscal/fiscal.service";
import { brandOf } from "../mail/templates/brand";
import { invoiceIssuedEmail } from "../mail/templates/invoicing";
import { pacClient, pacFailure, readDownload } from "./invoicing.pac";
import { type PreviewDoc, previewPdf, previewXml } from "./invoicing.preview";
import {
  addGlobalPurchases,
  type CfdiRow,
  cancellationsAwaitingAcceptance,
  claimFailed,
  egresosOf,
  findCfdi,
  findEgresoOf,
  findGlobalOf,
  findIngresoOf,
  findPurchaseForInvoice,
  globalOfPurchase,
  globalPeriodOfPurchase,
  globalPurchasesWithCustomer,
  insertCfdiOnce,
  listCfdis,
  listCfdisOfCustomer,
  listInvoiceable,
  lockCfdi,
  purchasesForGlobal,
  purchasesOfGlobal,
  refundsToCredit,
  refundToCredit,
  setGlobalAmounts,
  stalePending,
  updateCfdi,
} from "./invoicing.repository";

/**
 * Facturas CFDI 4.0 (docs/decisions/0036): a customer asks for the factura of a paid
 * purchase in its month; the PAC (Facturapi) stamps it; the PDF and XML are downloadable and
 * emailed. Purchases nobody invoiced go into the month's factura global (invoicing.jobs.ts). A
 * refund cancels (motive 03) or credits (egreso, TipoRelacion 01) the customer's factura.
 * The PAC is called outside any transaction; the unique indexes make every issue happen once.
 */

export type InvoicingApp = Pick<FastifyInstance, "db" | "appConfig" | "mailer" | "config" | "log">;

const money = (cents: number) => centsToNumber(cents);

type Settings = {
  productKey: string;
  unitKey: string;
  issuerZip: string;
  daysAfterMonth: number;
  periodicity: GlobalPeriodicity;
};

function settingsOf(config: AppConfig): Settings {
  return {
    productKey: PRODUCT_KEY_PATTERN.test(config.invoice_product_key)
      ? config.invoice_product_key
      : "91111900",
    unitKey: UNIT_KEY_PATTERN.test(config.invoice_unit_key) ? config.invoice_unit_key : "E48",
    issuerZip: /^\d{5}$/.test(config.invoice_issuer_zip) ? config.invoice_issuer_zip : "",
    daysAfterMonth: Math.max(0, config.invoice_request_days_after_month ?? 0),
    periodicity: periodicityOf(config.invoice_global_periodicity),
  };
}

/** What the API answers for a factura. */
export function cfdiOut(row: CfdiRow) {
  return {
    cfdi_id: row.cfdi_id,
    kind: row.kind,
    status: row.status,
    preview: row.preview,
    purchase_id: row.purchase_id,
    refund_id: row.refund_id,
    period: row.period,
    uuid: row.uuid,
    rfc: row.receiver.rfc,
    razon_social: row.receiver.razon_social,
    payment_form: row.payment_form,
    subtotal: centsToNumber(toCents(row.subtotal)),
    iva: centsToNumber(toCents(row.iva)),
    total: centsToNumber(toCents(row.total)),
    error: row.error,
    cancellation_motive: row.cancellation_motive,
    cancellation_status: row.cancellation_status ?? null,
    related_cfdi_id: row.related_cfdi_id,
    issuedAt: row.issuedAt,
    cancelledAt: row.cancelledAt,
    createdAt: row.createdAt,
  };
}

/** Money of a purchase that a factura covers: what was paid less what was refunded. */
const invoicedCents = (p: PurchaseRow) => toCents(p.total_payment) - toCents(p.refunded_total);

type Line = { description: string; cents: number; rate: IvaRate; sku?: string };

function itemsOf(lines: Line[], productKey: string, unitKey: string) {
  return lines.map((l) => ({
    quantity: 1,
    product: {
      description: l.description,
      product_key: productKey,
      unit_key: unitKey,
      price: money(l.cents),
      tax_included: true,
      taxes: facturapiTaxes(l.rate),
      ...(l.sku ? { sku: l.sku } : {}),
    },
  }));
}

function totalsOf(lines: Line[]) {
  let subtotal = 0;
  let iva = 0;
  for (const l of lines) {
    const b = ivaBreakdown(l.cents, l.rate);
    subtotal += b.subtotal;
    iva += b.iva;
  }
  return { subtotal: centsToString(subtotal), iva: centsToString(iva), total: centsToString(subtotal + iva) };
}

type IssueInput = {
  kind: "ingreso" | "global" | "egreso";
  receiver: CfdiReceiver;
  payment_form: string;
  lines: Line[];
  productKey: string;
  unitKey: string;
  global?: { periodicity: GlobalPeriodicity; months: string; year: number };
  related_uuid?: string;
  /** Made as a preview even with a PAC key (a nota de crédito of a preview factura). */
  preview?: boolean;
};

/**
 * Stamps at the PAC (or makes a preview without a key) and records the outcome on the row.
 * A PAC refusal marks the row failed with its message (422 to the caller); an unreachable PAC
 * too (503): the back office or the customer can retry.
 */
async function issue(app: InvoicingApp, row: CfdiRow, input: IssueInput, now: Date): Promise<CfdiRow> {
  const body = {
    ...(input.kind === "egreso" ? { type: "E" } : {}),
    customer: {
      legal_name: input.receiver.razon_social,
      tax_id: input.receiver.rfc,
      tax_system: input.receiver.regimen_fiscal,
      // Público en general without the studio's CP: the PAC takes its organization's.
      ...(input.receiver.codigo_postal ? { address: { zip: input.receiver.codigo_postal } } : {}),
    },
    items: itemsOf(
      input.lines,
      input.kind === "global" ? "01010101" : input.productKey,
      input.kind === "global" ? "ACT" : input.unitKey,
    ),
    use: input.receiver.uso_cfdi,
    payment_form: input.payment_form,
    payment_method: "PUE",
    ...(input.global ? { global: input.global } : {}),
    ...(input.related_uuid
      ? { related_documents: [{ relationship: "01", documents: [input.related_uuid] }] }
      : {}),
    external_id: `estudio-cfdi-${row.cfdi_id}`,
  };
  let stamped: { id: string; uuid: string } | null;
  // Anything that throws before the outcome is written (the SDK's construction included: a
  // compiled server once threw "Facturapi is not a constructor" here) marks the row failed, so
  // nothing stays pending (decision 0057).
  try {
    const pac = input.preview ? null : pacClient(app.config);
    stamped = pac ? await pac.invoices.create(body) : null;
  } catch (error) {
    const failure = pacFailure(error);
    app.log.warn({ err: error, cfdi_id: row.cfdi_id }, "PAC refused or failed a factura");
    await updateCfdi(app.db, row.cfdi_id, { status: "failed", error: failure.message });
    throw failure.refused
      ? AppError.of("INVOICE_REFUSED", { params: { reason: failure.message } })
      : AppError.of("PAC_UNAVAILABLE");
  }
  if (!stamped)
    return updateCfdi(app.db, row.cfdi_id, { status: "valid", preview: true, issuedAt: now, error: null });
  return updateCfdi(app.db, row.cfdi_id, {
    status: "valid",
    preview: false,
    provider_id: stamped.id,
    uuid: stamped.uuid,
    issuedAt: now,
    error: null,
  });
}

const staleBefore = (now: Date) => new Date(now.getTime() - PENDING_STALE_MS);

function receiverOf(fiscal: CfdiReceiver): CfdiReceiver {
  return {
    rfc: fiscal.rfc,
    razon_social: fiscal.razon_social,
    regimen_fiscal: fiscal.regimen_fiscal,
    codigo_postal: fiscal.codigo_postal,
    uso_cfdi: fiscal.uso_cfdi,
  };
}

/**
 * POST /me/purchases/:id/factura. Idempotent: the one factura of the purchase is answered if it
 * exists (a failed one is tried again). Refusals, in order: not the customer's (404), not paid,
 * refunded, already in a factura global (409), outside the month's window (409), no datos de
 * facturación (412).
 */
export async function requestInvoice(
  app: InvoicingApp,
  customerId: number,
  purchaseId: number,
  now = new Date(),
): Promise<CfdiRow> {
  const found = await findPurchaseForInvoice(app.db, purchaseId);
  if (!found || found.purchase.customer_id !== customerId) throw AppError.of("PURCHASE_NOT_FOUND");
  return invoicePurchase(app, found, null, now);
}

/**
 * The desk's "Facturar" (docs/decisions/0058): the factura of any paid purchase, for the
 * customer's saved datos de facturación or the ones typed at the counter (checked as Mi
 * Información checks them; `save` keeps them as the customer's). The same rules and the same one
 * factura per purchase as the customer's own request.
 */
export async function deskInvoice(
  app: InvoicingApp,
  input: { purchase_id: number; receiver?: FiscalData; save?: boolean },
  now = new Date(),
): Promise<CfdiRow> {
  const found = await findPurchaseForInvoice(app.db, input.purchase_id);
  if (!found) throw AppError.of("PURCHASE_NOT_FOUND");
  if (input.receiver && input.save)
    await saveMyFiscalData(app.db, found.purchase.customer_id, input.receiver);
  return invoicePurchase(app, found, input.receiver ? receiverOf(input.receiver) : null, now, "desk");
}

type PurchaseForInvoice = NonNullable<Awaited<ReturnType<typeof findPurchaseForInvoice>>>;

async function invoicePurchase(
  app: InvoicingApp,
  found: PurchaseForInvoice,
  given: CfdiReceiver | null,
  now: Date,
  who: "customer" | "desk" = "customer",
): Promise<CfdiRow> {
  const purchaseId = found.purchase.purchase_id;
  const customerId = found.purchase.customer_id;
  const { purchase, offline_method } = found;
  const existing = await findIngresoOf(app.db, purchaseId);
  if (existing && !retryableCfdi(existing, now)) return existing;

  const paidAt = purchase.credits_granted_at;
  if (!paidAt || !["active", "completed", "cancelled"].includes(purchase.status))
    throw AppError.of("PURCHASE_NOT_PAID");
  if (toCents(purchase.total_payment) <= 0) throw AppError.of("NOTHING_TO_INVOICE");
  if (invoicedCents(purchase) <= 0) throw AppError.of("PURCHASE_REFUNDED");
  const inGlobal = await globalPeriodOfPurchase(app.db, purchaseId);
  if (inGlobal) throw AppError.of("IN_GLOBAL_INVOICE", { params: { period: periodLabel(inGlobal) } });
  const config = await app.appConfig.get();
  const settings = settingsOf(config);
  const deadline = invoiceRequestDeadline(
    paidAt,
    config.timezone,
    settings.daysAfterMonth,
    settings.periodicity,
  );
  if (now >= deadline) {
    const last = new Date(deadline.getTime() - 1);
    throw AppError.of("INVOICE_PERIOD_CLOSED", { params: { deadline: formatDate(last, config.timezone) } });
  }
  const fiscal = given ?? (await myFiscalData(app.db, customerId));
  if (!fiscal)
    throw who === "desk"
      ? AppError.of("FISCAL_DATA_MISSING", { message: "facturaDeskFiscalDataMissing" })
      : AppError.of("FISCAL_DATA_MISSING");

  const receiver = receiverOf(fiscal);
  const rate = effectiveIvaRate(purchase.iva_rate, found.package_iva_rate);
  const lines: Line[] = [{ description: purchase.title, cents: invoicedCents(purchase), rate }];
  const payment_form = paymentFormOf(purchase.provider, offline_method);
  let row: CfdiRow | null;
  if (existing) {
    row = await claimFailed(app.db, existing.cfdi_id, staleBefore(now));
    if (!row) return (await findCfdi(app.db, existing.cfdi_id))!;
    row = await updateCfdi(app.db, row.cfdi_id, { receiver, payment_form, ...totalsOf(lines) });
  } else {
    row = await insertCfdiOnce(app.db, {
      kind: "ingreso",
      purchase_id: purchaseId,
      customer_id: customerId,
      receiver,
      payment_form,
      ...totalsOf(lines),
    });
    // A second click at the same time: the first one's row answers for both.
    if (!row) return (await findIngresoOf(app.db, purchaseId))!;
  }
  const issued = await issue(
    app,
    row,
    {
      kind: "ingreso",
      receiver,
      payment_form,
      lines,
      productKey: settings.productKey,
      unitKey: settings.unitKey,
    },
    now,
  );
  await emailInvoice(app, issued, { title: purchase.title, to: found.email });
  return issued;
}

/** The customer's facturas (and notas de crédito), newest first. */
export async function myInvoices(db: Db, customerId: number) {
  return (await listCfdisOfCustomer(db, customerId)).map(cfdiOut);
}

/** A factura the customer may read: theirs (404 for anybody else's, as if it did not exist). */
export async function customerCfdi(db: Db, customerId: number, cfdiId: number): Promise<CfdiRow> {
  const row = await findCfdi(db, cfdiId);
  if (!row || row.customer_id !== customerId)
    throw AppError.of("INVOICE_NOT_FOUND", { message: "facturaNotFound" });
  return row;
}

export async function anyCfdi(db: Db, cfdiId: number): Promise<CfdiRow> {
  const row = await findCfdi(db, cfdiId);
  if (!row) throw AppError.of("INVOICE_NOT_FOUND", { message: "facturaNotFound" });
  return row;
}

const KIND_LABEL = {
  ingreso: "Ingreso",
  global: "Ingreso · factura global",
  egreso: "Egreso · nota de crédito",
};

async function previewDoc(app: InvoicingApp, row: CfdiRow): Promise<PreviewDoc> {
  const config = await app.appConfig.get();
  const settings = settingsOf(config);
  let lines: PreviewDoc["lines"];
  if (row.kind === "global") {
    lines = (await purchasesOfGlobal(app.db, row.cfdi_id)).map(({ purchase, package_iva_rate }) => {
      const b = ivaBreakdown(invoicedCents(purchase), effectiveIvaRate(purchase.iva_rate, package_iva_rate));
      return {
        // SAT's Guía de llenado for a factura global: the concept is "Venta", its
        // NoIdentificacion the ticket's number (ours: the purchase's id).
        description: `Venta (${purchase.purchase_id})`,
        product_key: "01010101",
        unit_key: "ACT",
        subtotal: centsToString(b.subtotal),
        iva: centsToString(b.iva),
        total: centsToString(b.total),
      };
    });
  } else {
    const purchase = row.purchase_id ? await findPurchaseForInvoice(app.db, row.purchase_id) : null;
    lines = [
      {
        description: `${row.kind === "egreso" ? "Devolución: " : ""}${purchase?.purchase.title ?? "Servicio"}`,
        product_key: settings.productKey,
        unit_key: settings.unitKey,
        subtotal: row.subtotal,
        iva: row.iva,
        total: row.total,
      },
    ];
  }
  return {
    kind: KIND_LABEL[row.kind],
    issuer: legalName(config),
    receiver: row.receiver,
    lines,
    payment_form: row.payment_form,
    subtotal: row.subtotal,
    iva: row.iva,
    total: row.total,
    issuedAt: formatDateTime(row.issuedAt ?? row.createdAt, config.timezone),
    folio: row.cfdi_id,
  };
}

/** The PDF or the XML of a factura: the PAC's stamped document, or our preview. */
export async function cfdiDocument(
  app: InvoicingApp,
  row: CfdiRow,
  format: "pdf" | "xml",
): Promise<{ body: Buffer; contentType: string; filename: string }> {
  if (row.status === "failed" || row.status === "pending")
    throw AppError.of("INVOICE_NOT_ISSUED", { params: { reason: row.error ?? "aún no se emite" } });
  const name = row.uuid ?? `vista-previa-${row.cfdi_id}`;
  const filename = `factura-${name}.${format}`;
  const contentType = format === "pdf" ? "application/pdf" : "application/xml";
  if (row.preview || !row.provider_id) {
    const doc = await previewDoc(app, row);
    return {
      body: format === "pdf" ? previewPdf(doc) : Buffer.from(previewXml(doc), "utf8"),
      contentType,
      filename,
    };
  }
  const pac = pacClient(app.config);
  if (!pac) throw AppError.of("PAC_UNAVAILABLE");
  try {
    const download =
      format === "pdf"
        ? await pac.invoices.downloadPdf(row.provider_id)
        : await pac.invoices.downloadXml(row.provider_id);
    return { body: await readDownload(download), contentType, filename };
  } catch (error) {
    app.log.warn({ err: error, cfdi_id: row.cfdi_id }, "PAC download failed");
    throw AppError.of("PAC_UNAVAILABLE");
  }
}

/** Emails the factura with its PDF and XML attached; a failure is logged, never thrown. */
async function emailInvoice(app: InvoicingApp, row: CfdiRow, purchase: { title: string; to: string | null }) {
  if (!purchase.to || row.status !== "valid") return;
  try {
    const [pdf, xml] = [await cfdiDocument(app, row, "pdf"), await cfdiDocument(app, row, "xml")];
    const config = await app.appConfig.get();
    const email = await invoiceIssuedEmail(brandOf(config, app.config.publicUrl), {
      title: purchase.title,
      rfc: row.receiver.rfc,
      razonSocial: row.receiver.razon_social,
      total: row.total,
      issuedAt: row.issuedAt ?? row.createdAt,
      uuid: row.uuid,
      preview: row.preview,
    });
    await app.mailer.send({
      to: purchase.to,
      template: "invoice-issued",
      ...email,
      attachments: [pdf, xml].map((d) => ({
        filename: d.filename,
        contentType: d.contentType,
        content: d.body.toString("base64"),
      })),
    });
    await updateCfdi(app.db, row.cfdi_id, { emailedAt: new Date() });
  } catch (error) {
    app.log.error({ err: error, cfdi_id: row.cfdi_id }, "factura email failed");
  }
}

/**
 * Back office (and the follow-up job for a dead attempt): tries a failed factura again: the
 * customer's (for what the purchase still has paid less refunded), a global, or a nota de crédito.
 */
export async function retryInvoice(app: InvoicingApp, cfdiId: number, now = new Date()): Promise<CfdiRow> {
  const row = await anyCfdi(app.db, cfdiId);
  if (!retryableCfdi(row, now))
    throw AppError.of("INVOICE_NOT_FAILED", {
      message: row.status === "pending" ? "facturaInProgress" : "facturaNotFailed",
    });
  if (row.kind === "global") return (await issueGlobalFor(app, row.period!, now)) ?? row;
  const found = await findPurchaseForInvoice(app.db, row.purchase_id!);
  if (!found) return row;
  const rate = effectiveIvaRate(found.purchase.iva_rate, found.package_iva_rate);
  if (row.kind === "egreso") {
    const related = row.related_cfdi_id ? await findCfdi(app.db, row.related_cfdi_id) : null;
    if (!related) return row;
    const claimed = await claimFailed(app.db, row.cfdi_id, staleBefore(now));
    if (!claimed) return (await findCfdi(app.db, row.cfdi_id))!;
    const lines: Line[] = [
      { description: `Devolución: ${found.purchase.title}`, cents: toCents(row.total), rate },
    ];
    return issue(app, claimed, await egresoInput(app, claimed, related, lines), now);
  }
  // Refunded since it failed: the factura covers what is left, and nothing when nothing is.
  const cents = invoicedCents(found.purchase);
  if (cents <= 0) throw AppError.of("PURCHASE_REFUNDED");
  const claimed = await claimFailed(app.db, row.cfdi_id, staleBefore(now));
  if (!claimed) return (await findCfdi(app.db, row.cfdi_id))!;
  const lines: Line[] = [{ description: found.purchase.title, cents, rate }];
  const updated = await updateCfdi(app.db, claimed.cfdi_id, totalsOf(lines));
  const settings = settingsOf(await app.appConfig.get());
  const issued = await issue(
    app,
    updated,
    {
      kind: "ingreso",
      receiver: row.receiver,
      payment_form: row.payment_form,
      lines,
      productKey: settings.productKey,
      unitKey: settings.unitKey,
    },
    now,
  );
  await emailInvoice(app, issued, { title: found.purchase.title, to: found.email });
  return issued;
}

/**
 * The factura global of the period due at `now` (the previous month once its request window
 * closed): one CFDI to público en general with one concept per purchase nobody invoiced. Run twice,
 * it finds the period's row and issues nothing more. Answers null when nothing is due.
 */
export async function issueDueGlobalInvoice(app: InvoicingApp, now = new Date()): Promise<CfdiRow | null> {
  const config = await app.appConfig.get();
  const settings = settingsOf(config);
  const period = globalPeriodDue(now, config.timezone, settings.daysAfterMonth, settings.periodicity);
  if (!period) return null;
  const existing = await findGlobalOf(app.db, period);
  if (existing && !retryableCfdi(existing, now)) return existing;
  return issueGlobalFor(app, period, now);
}

async function issueGlobalFor(app: InvoicingApp, period: string, now: Date): Promise<CfdiRow | null> {
  const config = await app.appConfig.get();
  const settings = settingsOf(config);
  let row = await findGlobalOf(app.db, period);
  if (row && !retryableCfdi(row, now)) return row;
  const { from, to } = periodBounds(period, config.timezone);
  const receiver: CfdiReceiver = { ...PUBLICO_EN_GENERAL, codigo_postal: settings.issuerZip || "00000" };
  if (!row) {
    const open = await purchasesForGlobal(app.db, from, to);
    if (open.length === 0) return null;
    // Claim the period (unique), then its purchases (each in one global only), in one transaction.
    row = await app.db.transaction(async (tx) => {
      const claimed = await insertCfdiOnce(tx, {
        kind: "global",
        period,
        receiver,
        payment_form: "01",
        subtotal: "0",
        iva: "0",
        total: "0",
      });
      if (claimed)
        await addGlobalPurchases(
          tx,
          claimed.cfdi_id,
          open.map((o) => o.purchase.purchase_id),
        );
      return claimed;
    });
    if (!row) return findGlobalOf(app.db, period);
  } else {
    const claimed = await claimFailed(app.db, row.cfdi_id, staleBefore(now));
    if (!claimed) return findGlobalOf(app.db, period);
    row = claimed;
  }
  // A purchase refunded in full since the period was claimed has no concept left.
  const included = (await purchasesOfGlobal(app.db, row.cfdi_id)).filter(
    (p) => invoicedCents(p.purchase) > 0,
  );
  // Each concept's amount as sent: a later refund is credited from it (docs/decisions/0072).
  await setGlobalAmounts(
    app.db,
    row.cfdi_id,
    included.map(({ purchase }) => ({
      purchase_id: purchase.purchase_id,
      amount: centsToString(invoicedCents(purchase)),
    })),
  );
  const lines: Line[] = included.map(({ purchase, package_iva_rate }) => ({
    // SAT's Guía de llenado: each concept of a factura global is "Venta" (ClaveProdServ 01010101,
    // ClaveUnidad ACT), identified by its ticket's number: ours is the purchase's id (the sku).
    description: "Venta",
    cents: invoicedCents(purchase),
    rate: effectiveIvaRate(purchase.iva_rate, package_iva_rate),
    sku: String(purchase.purchase_id),
  }));
  // The CFDI's one forma de pago: the one that collected the most in the period.
  const byForm = new Map<string, number>();
  for (const { purchase, offline_method } of included) {
    const form = paymentFormOf(purchase.provider, offline_method);
    byForm.set(form, (byForm.get(form) ?? 0) + invoicedCents(purchase));
  }
  const payment_form = [...byForm.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "01";
  row = await updateCfdi(app.db, row.cfdi_id, { payment_form, receiver, ...totalsOf(lines) });
  try {
    return await issue(
      app,
      row,
      {
        kind: "global",
        receiver: settings.issuerZip ? receiver : { ...receiver, codigo_postal: "" },
        payment_form,
        lines,
        productKey: settings.productKey,
        unitKey: settings.unitKey,
        global: globalInformation(period),
      },
      now,
    );
  } catch (error) {
    if (error instanceof AppError) return findCfdi(app.db, row.cfdi_id);
    throw error;
  }
}

type RefundToCredit = { refund_id: number; purchase_id: number; amount: string };

/**
 * After a refund (the desk's, the interrupted-refunds job's, or one the follow-up job finds:
 * docs/decisions/0072). The stamped CFDI that covers the purchase is cancelled or credited:
 *
 * - the customer's factura, refunded in full, in its own month, with no nota de crédito yet:
 *   cancelled with motive 03 ("no se llevó a cabo la operación"); SAT may ask the receiver to
 *   accept it (pending, followed by the job; a rejection credits the refund with an egreso);
 * - any other refund of the customer's factura (partial, a later month, the PAC refused the
 *   cancellation): a CFDI de egreso (nota de crédito) related to it with TipoRelacion 01;
 * - a purchase in a factura global: an egreso to público en general related to the global (SAT
 *   does not let one sale be taken out of a global by cancelling it);
 * - nothing stamped yet (none, pending or failed): nothing now; the CFDI issued later covers what
 *   was paid less what was refunded.
 *
 * The nota de crédito is for what the CFDI still covers beyond what was kept (its total, less the
 * notas already issued, less paid-minus-refunded), at most the refund: a refund made before the
 * factura was issued is never credited twice. Never throws: a failure is logged and recorded on the
 * row; the follow-up job and the back office's retry take it again.
 */
export async function invoiceAfterRefund(
  app: InvoicingApp,
  refund: RefundToCredit,
  now = new Date(),
): Promise<CfdiRow | null> {
  try {
    if (await findEgresoOf(app.db, refund.refund_id)) return null;
    const found = await findPurchaseForInvoice(app.db, refund.purchase_id);
    if (!found) return null;
    const ingreso = await findIngresoOf(app.db, refund.purchase_id);
    if (ingreso?.status === "valid") {
      // Asked already: the receiver's answer decides (a rejection comes back here as an egreso).
      if (ingreso.cancellation_status === "pending") return ingreso;
      return await refundIngreso(app, found, ingreso, refund, now);
    }
    const global = await globalOfPurchase(app.db, refund.purchase_id);
    if (global?.cfdi.status === "valid") {
      const covered = global.amount === null ? null : toCents(global.amount);
      return await issueEgreso(app, found, global.cfdi, refund, covered, now);
    }
    return null;
  } catch (error) {
    app.log.error({ err: error, refund_id: refund.refund_id }, "factura after refund failed");
    return null;
  }
}

async function refundIngreso(
  app: InvoicingApp,
  found: PurchaseForInvoice,
  ingreso: CfdiRow,
  refund: RefundToCredit,
  now: Date,
): Promise<CfdiRow | null> {
  const config = await app.appConfig.get();
  const full = toCents(found.purchase.refunded_total) >= toCents(found.purchase.total_payment);
  const sameMonth =
    periodOf(ingreso.issuedAt ?? ingreso.createdAt, config.timezone) === periodOf(now, config.timezone);
  const credited = await egresosOf(app.db, found.purchase.purchase_id, ingreso.cfdi_id);
  // A factura with notas de crédito cannot be cancelled while they stand (SAT refuses it), and
  // one whose cancellation the receiver turned down is credited instead.
  const cancellable = full && sameMonth && credited.length === 0 && ingreso.cancellation_status === null;
  if (cancellable) {
    const pac = ingreso.preview || !ingreso.provider_id ? null : pacClient(app.config);
    if (!pac)
      return updateCfdi(app.db, ingreso.cfdi_id, {
        status: "cancelled",
        cancellation_motive: "03",
        cancellation_status: "accepted",
        cancellation_refund_id: refund.refund_id,
        cancelledAt: now,
      });
    try {
      const answer = (await pac.invoices.cancel(ingreso.provider_id!, {
        motive: CancellationMotive.NO_SE_CONCRETO,
      })) as PacCancelAnswer;
      return recordCancellation(app, ingreso, "03", answer, now, refund.refund_id);
    } catch (error) {
      const failure = pacFailure(error);
      app.log.warn({ err: error, cfdi_id: ingreso.cfdi_id }, "PAC refused or failed a refund's cancellation");
      // Unreachable: the follow-up job asks again. Refused: the refund is credited instead.
      if (!failure.refused) return null;
    }
  }
  return issueEgreso(app, found, ingreso, refund, toCents(ingreso.total), now);
}

/**
 * A CFDI de egreso for a refund, related (TipoRelacion 01) to the CFDI it credits: the
 * customer's factura (its receiver, uso G02 where the régimen allows it) or a factura global (to
 * público en general with the global's InformacionGlobal, uso S01). `covered`: what the related CFDI
 * had for this purchase (null: unknown, the refund's amount is credited).
 */
async function issueEgreso(
  app: InvoicingApp,
  found: PurchaseForInvoice,
  related: CfdiRow,
  refund: RefundToCredit,
  covered: number | null,
  now: Date,
): Promise<CfdiRow | null> {
  const purchaseId = found.purchase.purchase_id;
  // Two refunds of one purchase credited at once (two instances, or the job beside a request)
  // would each read the other's nota as not there yet and credit the same remainder twice: the
  // amount is worked out and the nota's row written while the related CFDI's row is locked, on
  // the purchase as it is now (the PAC is called after, outside the lock).
  const row = await app.db.transaction(async (tx) => {
    await lockCfdi(tx, related.cfdi_id);
    const purchase = (await findPurchaseForInvoice(tx, purchaseId))?.purchase ?? found.purchase;
    const credited = (await egresosOf(tx, purchaseId, related.cfdi_id)).reduce(
      (sum, e) => sum + toCents(e.total),
      0,
    );
    const refundCents = toCents(refund.amount);
    const cents =
      covered === null ? refundCents : Math.min(refundCents, covered - credited - invoicedCents(purchase));
    if (cents <= 0) return null;
    const rate = effectiveIvaRate(purchase.iva_rate, found.package_iva_rate);
    const lines: Line[] = [{ description: `Devolución: ${purchase.title}`, cents, rate }];
    const inserted = await insertCfdiOnce(tx, {
      kind: "egreso",
      purchase_id: purchaseId,
      customer_id: purchase.customer_id,
      refund_id: refund.refund_id,
      related_cfdi_id: related.cfdi_id,
      receiver: egresoReceiver(related),
      payment_form: related.payment_form,
      ...totalsOf(lines),
    });
    return inserted ? { inserted, lines } : null;
  });
  if (!row) return null;
  return issue(app, row.inserted, await egresoInput(app, row.inserted, related, row.lines), now);
}

function egresoReceiver(related: CfdiRow): CfdiReceiver {
  if (related.kind === "global") return { ...related.receiver };
  const g02 = findUso("G02");
  return {
    ...related.receiver,
    uso_cfdi: g02?.regimenes.includes(related.receiver.regimen_fiscal) ? "G02" : related.receiver.uso_cfdi,
  };
}

async function egresoInput(
  app: InvoicingApp,
  row: CfdiRow,
  related: CfdiRow,
  lines: Line[],
): Promise<IssueInput> {
  const settings = settingsOf(await app.appConfig.get());
  const toPublic = related.kind === "global";
  return {
    kind: "egreso",
    // Público en general without the studio's CP: the PAC takes its organization's, as on the global.
    receiver: toPublic && !settings.issuerZip ? { ...row.receiver, codigo_postal: "" } : row.receiver,
    payment_form: row.payment_form,
    lines,
    productKey: toPublic ? "01010101" : settings.productKey,
    unitKey: toPublic ? "ACT" : settings.unitKey,
    related_uuid: related.uuid ?? undefined,
    // Anexo 20: InformacionGlobal goes on every CFDI to XAXX010101000 "PUBLICO EN GENERAL".
    ...(toPublic && related.period ? { global: globalInformation(related.period) } : {}),
    // A preview factura gets a preview nota: there is no folio fiscal to relate at the PAC.
    preview: related.preview || !related.uuid,
  };
}

type PacCancelAnswer = { status?: string; cancellation_status?: string };

/** Writes what the PAC answered to a cancellation: accepted now, or waiting for the receiver. */
async function recordCancellation(
  app: InvoicingApp,
  row: CfdiRow,
  motive: CancellationMotiveCode,
  answer: PacCancelAnswer,
  now: Date,
  refundId?: number,
): Promise<CfdiRow> {
  const accepted = answer.status === "canceled" || answer.cancellation_status === "accepted";
  return updateCfdi(app.db, row.cfdi_id, {
    cancellation_motive: motive,
    cancellation_status: accepted ? "accepted" : "pending",
    ...(refundId ? { cancellation_refund_id: refundId } : {}),
    ...(accepted ? { status: "cancelled" as const, cancelledAt: now } : {}),
  });
}

/**
 * Asks the PAC for SAT's answer to a cancellation waiting for the receiver (Facturapi's
 * "update status", PUT /invoices/:id/status) and records it: accepted, the row is cancelled;
 * rejected or expired, it stays valid with that answer, and a refund's cancellation is credited
 * with an egreso instead. Answers the status, or null when the PAC could not be asked.
 */
async function followCancellation(app: InvoicingApp, row: CfdiRow, now: Date) {
  const pac = pacClient(app.config);
  if (!pac || !row.provider_id) return null;
  let answer: PacCancelAnswer;
  try {
    answer = (await pac.invoices.updateStatus(row.provider_id)) as PacCancelAnswer;
  } catch (error) {
    app.log.warn({ err: error, cfdi_id: row.cfdi_id }, "PAC status check failed");
    return null;
  }
  const status = answer.status === "canceled" ? "accepted" : answer.cancellation_status;
  if (status === "accepted") {
    await updateCfdi(app.db, row.cfdi_id, {
      status: "cancelled",
      cancellation_status: "accepted",
      cancelledAt: now,
    });
  } else if (status === "rejected" || status === "expired") {
    await updateCfdi(app.db, row.cfdi_id, { cancellation_status: status });
    if (row.cancellation_refund_id) {
      const refund = await refundToCredit(app.db, row.cancellation_refund_id);
      if (refund) await invoiceAfterRefund(app, refund, now);
    }
  }
  return status ?? "pending";
}

const CANCELLATION_WORDS = {
  accepted: "El receptor aceptó la cancelación: la factura quedó cancelada ante el SAT.",
  rejected:
    "El receptor rechazó la cancelación: la factura sigue vigente. Si fue por un reembolso, emitimos una nota de crédito en su lugar.",
  expired:
    "El plazo del receptor terminó sin respuesta y el SAT no la canceló: la factura sigue vigente. Si fue por un reembolso, emitimos una nota de crédito en su lugar.",
  pending: "El receptor aún no responde. La volvemos a consultar cada 10 minutos.",
} as const;

/**
 * Back office: asks SAT now about a cancellation waiting for the receiver (the job does it every
 * 10 minutes). 409 when none is waiting; 503 when the PAC does not answer.
 */
export async function checkCancellationNow(app: InvoicingApp, cfdiId: number, now = new Date()) {
  const row = await anyCfdi(app.db, cfdiId);
  if (row.status !== "valid" || row.cancellation_status !== "pending")
    throw AppError.of("NO_CANCELLATION_PENDING");
  const status = await followCancellation(app, row, now);
  if (status === null) throw AppError.of("PAC_UNAVAILABLE");
  const key = status in CANCELLATION_WORDS ? (status as keyof typeof CANCELLATION_WORDS) : "pending";
  return { row: (await findCfdi(app.db, cfdiId))!, pac_answer: CANCELLATION_WORDS[key] };
}

/**
 * The follow-up job (docs/decisions/0072), every 10 minutes:
 * 1. cancellations waiting for the receiver are asked of the PAC again (Facturapi's
 *    PUT /invoices/:id/status, which asks SAT): accepted, the row is cancelled; rejected or
 *    expired, the row stays valid with that answer, and a refund's cancellation is credited with
 *    an egreso instead;
 * 2. rows left pending by a dead attempt are taken again (a failure is recorded, never pending);
 * 3. refunds of the last 90 days with a stamped CFDI and no nota de crédito are credited (those
 *    learnt by webhook, or whose desk request stopped before the factura's step).
 */
export async function followUpFacturas(app: InvoicingApp, now = new Date()) {
  const summary = { accepted: 0, rejected: 0, still_pending: 0, retried: 0, credited: 0 };
  if (pacClient(app.config)) {
    for (const row of await cancellationsAwaitingAcceptance(app.db)) {
      const answer = await followCancellation(app, row, now);
      if (answer === "accepted") summary.accepted += 1;
      else if (answer === "rejected" || answer === "expired") summary.rejected += 1;
      else summary.still_pending += 1;
    }
  }
  for (const row of await stalePending(app.db, staleBefore(now))) {
    try {
      await retryInvoice(app, row.cfdi_id, now);
    } catch (error) {
      // The failure is on the row (failed, with the PAC's reason): the back office retries it.
      app.log.warn({ err: error, cfdi_id: row.cfdi_id }, "stale factura retried and failed");
    }
    summary.retried += 1;
  }
  const since = new Date(now.getTime() - 90 * 24 * 3_600_000);
  for (const refund of await refundsToCredit(app.db, since)) {
    if (await invoiceAfterRefund(app, refund, now)) summary.credited += 1;
  }
  return summary;
}

const PAC_MOTIVE: Record<CancellationMotiveCode, CancellationMotive> = {
  "01": CancellationMotive.ERRORES_CON_RELACION,
  "02": CancellationMotive.ERRORES_SIN_RELACION,
  "03": CancellationMotive.NO_SE_CONCRETO,
  "04": CancellationMotive.FACTURA_GLOBAL,
};

const MOTIVE_WORDS: Record<CancellationMotiveCode, string> = {
  "01": "01 · comprobante emitido con errores con relación",
  "02": "02 · comprobante emitido con errores sin relación",
  "03": "03 · no se llevó a cabo la operación",
  "04": "04 · operación nominativa relacionada en una factura global",
};

/**
 * Back office: cancels a factura at the PAC with SAT's motive (docs/decisions/0058). Motive 01
 * names the factura that replaces it (Facturapi's `substitution` is that factura's PAC id). The
 * PAC either accepts at once or waits for the receiver's acceptance (SAT's rule above MXN 1,000):
 * then the row stays valid with its motive recorded, and `pac_answer` says so in words.
 */
export async function cancelInvoice(
  app: InvoicingApp,
  cfdiId: number,
  input: { motive: CancellationMotiveCode; replacement_cfdi_id?: number },
  now = new Date(),
): Promise<{ row: CfdiRow; pac_answer: string }> {
  const row = await anyCfdi(app.db, cfdiId);
  if (row.status !== "valid") throw AppError.of("INVOICE_NOT_CANCELLABLE");
  if (row.cancellation_status === "pending")
    throw AppError.of("INVOICE_NOT_CANCELLABLE", { message: "facturaCancellationPending" });
  let substitution: string | undefined;
  if (input.motive === "01") {
    if (!input.replacement_cfdi_id) throw AppError.of("INVOICE_REPLACEMENT_REQUIRED");
    const replacement = await findCfdi(app.db, input.replacement_cfdi_id);
    if (!replacement || replacement.cfdi_id === row.cfdi_id || replacement.status !== "valid")
      throw AppError.of("INVOICE_REPLACEMENT_INVALID");
    substitution = replacement.provider_id ?? undefined;
  }
  const pac = row.preview || !row.provider_id ? null : pacClient(app.config);
  let answer: PacCancelAnswer = { status: "canceled" };
  if (pac) {
    try {
      answer = (await pac.invoices.cancel(row.provider_id!, {
        motive: PAC_MOTIVE[input.motive],
        ...(substitution ? { substitution } : {}),
      })) as PacCancelAnswer;
    } catch (error) {
      const failure = pacFailure(error);
      app.log.warn({ err: error, cfdi_id: row.cfdi_id }, "PAC refused or failed a cancellation");
      throw failure.refused
        ? AppError.of("INVOICE_REFUSED", {
            message: "facturaCancelRefused",
            params: { reason: failure.message },
          })
        : AppError.of("PAC_UNAVAILABLE");
    }
  }
  const updated = await recordCancellation(app, row, input.motive, answer, now);
  const accepted = updated.status === "cancelled";
  const words = MOTIVE_WORDS[input.motive];
  const pac_answer = !pac
    ? `Vista previa cancelada (motivo ${words}); nunca se envió al SAT.`
    : accepted
      ? `El SAT aceptó la cancelación (motivo ${words}).`
      : `Cancelación solicitada (motivo ${words}): el SAT espera que el receptor la acepte. La revisamos cada 10 minutos; el receptor tiene 3 días hábiles para responder.`;
  return { row: updated, pac_answer };
}

/**
 * Back office: issues a period's factura global now (docs/decisions/0058): the one due, or a
 * chosen month whose request window has closed. Once issued, the period's row answers; a failed
 * one is tried again.
 */
export async function issueGlobalNow(
  app: InvoicingApp,
  period: string | undefined,
  now = new Date(),
): Promise<CfdiRow> {
  const config = await app.appConfig.get();
  const settings = settingsOf(config);
  const chosen =
    period ?? globalPeriodDue(now, config.timezone, settings.daysAfterMonth, settings.periodicity);
  const open = chosen ?? previousPeriod(periodOf(now, config.timezone, settings.periodicity));
  const deadline = periodDeadline(open, config.timezone, settings.daysAfterMonth);
  if (!chosen || now < deadline)
    throw AppError.of("GLOBAL_PERIOD_OPEN", {
      params: {
        period: periodLabel(open),
        deadline: formatDate(new Date(deadline.getTime() - 1), config.timezone),
      },
    });
  const row = await issueGlobalFor(app, chosen, now);
  if (!row)
    throw AppError.of("NOTHING_TO_INVOICE", {
      message: "facturaNothingForGlobal",
      params: { period: periodLabel(chosen) },
    });
  return row;
}

export type FacturaFilters = {
  status?: CfdiRow["status"];
  kind?: CfdiRow["kind"];
  from?: string;
  to?: string;
  q?: string;
};

/** A studio day "2026-11-01" as [its midnight, the next midnight) in the studio's time zone. */
function periodBoundsOfDay(day: string, timeZone: string) {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return { from: zonedMidnight(y, m, d, timeZone), to: zonedMidnight(y, m, d + 1, timeZone) };
}

/** Back office: every factura, newest first, with who it is for (the list filters in SQL). */
export async function listFacturas(app: InvoicingApp, filters: FacturaFilters) {
  const config = await app.appConfig.get();
  const rows = await listCfdis(app.db, {
    ...filters,
    from: filters.from ? periodBoundsOfDay(filters.from, config.timezone).from : undefined,
    to: filters.to ? periodBoundsOfDay(filters.to, config.timezone).to : undefined,
  });
  return rows.map(({ cfdi, customer_name, customer_last_name }) => ({
    ...cfdiOut(cfdi),
    customer_id: cfdi.customer_id,
    customer_name:
      customer_name === null ? null : [customer_name, customer_last_name].filter(Boolean).join(" "),
  }));
}

/**
 * The desk's search for what to invoice (docs/decisions/0058): paid purchases whose customer
 * matches and whose month's request window is still open (decision 0036).
 */
export async function invoiceablePurchases(app: InvoicingApp, q: string, now = new Date()) {
  const since = new Date(now.getTime() - 62 * 24 * 3_600_000);
  const config = await app.appConfig.get();
  const { daysAfterMonth, periodicity } = settingsOf(config);
  // Only those still inside their period's window: the others belong to the factura global.
  const open = (await listInvoiceable(app.db, q, since)).filter(
    (r) => r.paid_at && now < invoiceRequestDeadline(r.paid_at, config.timezone, daysAfterMonth, periodicity),
  );
  return open.map((r) => ({
    purchase_id: r.purchase_id,
    title: r.title,
    total: centsToNumber(toCents(r.total_payment) - toCents(r.refunded_total)),
    paid_at: r.paid_at!,
    customer_id: r.customer_id,
    customer_name: [r.name, r.last_name].filter(Boolean).join(" "),
    email: r.email,
    fiscal_data: r.fiscal
      ? {
          rfc: r.fiscal.rfc,
          razon_social: r.fiscal.razon_social,
          regimen_fiscal: r.fiscal.regimen_fiscal,
          codigo_postal: r.fiscal.codigo_postal,
          uso_cfdi: r.fiscal.uso_cfdi,
        }
      : null,
  }));
}

/**
 * The facturación settings tab (docs/decisions/0058): whether the PAC key is set and works, and
 * the issuer as the PAC knows it (RFC, régimen, CSD), beside the studio's own keys.
 */
export async function facturacionSettings(app: InvoicingApp) {
  const config = await app.appConfig.get();
  const s = settingsOf(config);
  const key = app.config.FACTURAPI_KEY;
  const base = {
    test_mode: Boolean(key?.startsWith("sk_test")),
    product_key: s.productKey,
    unit_key: s.unitKey,
    issuer_zip: s.issuerZip,
    request_days_after_month: s.daysAfterMonth,
    global_periodicity: s.periodicity,
  };
  if (!key) return { ...base, pac_status: "preview" as const, pac_message: null, organization: null };
  try {
    const org = await pacClient(app.config)!.organizations.me();
    return {
      ...base,
      pac_status: "ok" as const,
      pac_message: null,
      organization: {
        legal_name: org.legal?.legal_name ?? "",
        tax_id: org.legal?.tax_id ?? "",
        tax_system: String(org.legal?.tax_system ?? ""),
        zip: org.legal?.address?.zip ?? null,
        production_ready: Boolean(org.is_production_ready),
        pending_steps: (org.pending_steps ?? []).map((step) => step.description),
        csd: {
          present: Boolean(org.certificate?.has_certificate),
          expires_at: org.certificate?.expires_at ? new Date(org.certificate.expires_at) : null,
        },
      },
    };
  } catch (error) {
    const failure = pacFailure(error);
    app.log.warn({ err: error }, "PAC organization lookup failed");
    return {
      ...base,
      pac_status: failure.refused ? ("invalid" as const) : ("unreachable" as const),
      pac_message: failure.message,
      organization: null,
    };
  }
}

/** Back office: the purchases a factura global covers (404 for anything but a global). */
export async function globalPurchases(app: InvoicingApp, cfdiId: number) {
  const row = await anyCfdi(app.db, cfdiId);
  if (row.kind !== "global") throw AppError.of("INVOICE_NOT_FOUND", { message: "facturaNotFound" });
  return (await globalPurchasesWithCustomer(app.db, cfdiId)).map(({ purchase, name, last_name }) => ({
    purchase_id: purchase.purchase_id,
    title: purchase.title,
    customer_name: [name, last_name].filter(Boolean).join(" "),
    total: centsToNumber(invoicedCents(purchase)),
    paid_at: purchase.credits_granted_at,
  }));
}
