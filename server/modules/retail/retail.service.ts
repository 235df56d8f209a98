import type { z } from "zod";
import type {
  productBody,
  productUpdateBody,
  saleBody,
  stockMoveBody,
  variantIn,
  variantUpdateBody,
} from "../../../domain/api/retail";
import { dayBounds } from "../../../domain/cash-close";
import { AppError } from "../../../domain/errors";
import { effectiveIvaRate } from "../../../domain/fiscal/iva";
import { centsToNumber, toCents } from "../../../domain/money";
import type { RevenueMethod, RevenueMovement } from "../../../domain/reports/revenue";
import {
  cartIsValid,
  isLowStock,
  mergeCart,
  refundFor,
  saleStatus,
  saleTotals,
  variantTitle,
} from "../../../domain/retail";
import type { Db } from "../../db/client";
import { sellAtDesk } from "../admin-customers/admin-customers.service";
import { type Actor, auditedChange } from "../audit/audit.service";
import { giveBackSaleBalance, saleBalanceSummary } from "../gift-cards/ledger";
import { deskLocationId } from "../purchases/desk-collection";
import { checkTender, payCounterTender } from "./counter-tender";
import * as repo from "./retail.repository";

/**
 * Retail at the counter (decision 0094; docs/product-rules.md#retail): the catalogue of products
 * and variants, stock per location through a ledger of movements, counter sales (alone or with a
 * package in one payment) and refunds that put units back. Every write is one transaction.
 */

const money = centsToNumber;

async function locationOrFirst(db: Db, requested: number | null | undefined) {
  const id = await deskLocationId(db, requested);
  if (id === null) throw AppError.of("LOCATION_NOT_FOUND");
  return id;
}

/** Every product with its variants and their stock per location (the admin screen, the desk's picker). */
export async function listCatalogue(db: Db) {
  const [products, variants, stock, places] = await Promise.all([
    repo.listProducts(db),
    repo.listVariants(db),
    repo.listStock(db),
    repo.allLocations(db),
  ]);
  return products.map((p) => productOut(p, variants, stock, places));
}

function productOut(
  p: repo.ProductRow,
  variants: repo.VariantRow[],
  stock: { variant_id: number; location_id: number; quantity: number }[],
  places: { location_id: number; name: string }[],
) {
  return {
    product_id: p.product_id,
    name: p.name,
    description: p.description,
    iva_rate: effectiveIvaRate(p.iva_rate),
    low_stock_threshold: p.low_stock_threshold,
    available: p.available,
    variants: variants
      .filter((v) => v.product_id === p.product_id)
      .map((v) => ({
        variant_id: v.variant_id,
        size: v.size,
        colour: v.colour,
        sku: v.sku,
        title: variantTitle(p.name, v),
        price: money(v.price_cents),
        available: v.available,
        stock: places.map((l) => {
          const quantity =
            stock.find((s) => s.variant_id === v.variant_id && s.location_id === l.location_id)?.quantity ??
            0;
          return {
            location_id: l.location_id,
            location_name: l.name,
            quantity,
            low: isLowStock(quantity, p.low_stock_threshold),
          };
        }),
      })),
  };
}

async function productById(db: Db, id: number) {
  const found = (await listCatalogue(db)).find((p) => p.product_id === id);
  if (!found) throw AppError.of("RETAIL_PRODUCT_NOT_FOUND");
  return found;
}

type VariantIn = z.output<typeof variantIn>;

async function addVariant(tx: Db, productId: number, v: VariantIn) {
  const row = await repo.insertVariant(tx, {
    product_id: productId,
    size: v.size,
    colour: v.colour,
    sku: v.sku ?? null,
    price_cents: toCents(v.price),
  });
  if (!row) throw AppError.of("RETAIL_VARIANT_DUPLICATE");
  return row;
}

export async function createProduct(db: Db, actor: Actor, input: z.output<typeof productBody>) {
  const id = await auditedChange(db, actor, async (tx) => {
    const product = await repo.insertProduct(tx, {
      name: input.name,
      description: input.description ?? null,
      iva_rate: input.iva_rate,
      low_stock_threshold: input.low_stock_threshold,
      available: input.available,
    });
    for (const v of input.variants) await addVariant(tx, product.product_id, v);
    return {
      result: product.product_id,
      audit: {
        action: "retail.product.create",
        entity: "retail_product",
        entity_id: product.product_id,
        details: { name: input.name },
      },
    };
  });
  return productById(db, id);
}

export async function updateProduct(db: Db, id: number, input: z.output<typeof productUpdateBody>) {
  const row = await repo.updateProduct(db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description ?? null } : {}),
    ...(input.iva_rate !== undefined ? { iva_rate: input.iva_rate } : {}),
    ...(input.low_stock_threshold !== undefined ? { low_stock_threshold: input.low_stock_threshold } : {}),
    ...(input.available !== undefined ? { available: input.available } : {}),
  });
  if (!row) throw AppError.of("RETAIL_PRODUCT_NOT_FOUND");
  return productById(db, id);
}

export async function createVariant(db: Db, productId: number, input: VariantIn) {
  if (!(await repo.findProduct(db, productId))) throw AppError.of("RETAIL_PRODUCT_NOT_FOUND");
  await db.transaction((tx) => addVariant(tx, productId, input));
  return productById(db, productId);
}

export async function updateVariant(db: Db, variantId: number, input: z.output<typeof variantUpdateBody>) {
  const row = await repo.updateVariant(db, variantId, {
    ...(input.price !== undefined ? { price_cents: toCents(input.price) } : {}),
    ...(input.sku !== undefined ? { sku: input.sku ?? null } : {}),
    ...(input.available !== undefined ? { available: input.available } : {}),
  });
  if (!row) throw AppError.of("RETAIL_VARIANT_NOT_FOUND");
  return productById(db, row.product_id);
}

/** A delivery (restock) or a count's correction (adjust): never below zero (409), in the ledger. */
export async function moveStock(db: Db, actor: Actor, input: z.output<typeof stockMoveBody>) {
  return db.transaction(async (tx) => {
    const [found] = await repo.findVariantsWithProduct(tx, [input.variant_id]);
    if (!found) throw AppError.of("RETAIL_VARIANT_NOT_FOUND");
    const locationId = await locationOrFirst(tx, input.location_id);
    const quantity = await repo.moveStock(tx, input.variant_id, locationId, input.delta);
    if (quantity === undefined) {
      throw AppError.of("RETAIL_OUT_OF_STOCK", {
        params: {
          item: variantTitle(found.product.name, found.variant),
          left: await repo.stockOf(tx, input.variant_id, locationId),
        },
      });
    }
    await repo.insertMovement(tx, {
      variant_id: input.variant_id,
      location_id: locationId,
      delta: input.delta,
      reason: input.reason,
      user_id: actor.user_id,
      note: input.note ?? null,
    });
    return quantity;
  });
}

/** Variants at or below their product's threshold, per location (dashboard and the list). */
export async function lowStock(db: Db) {
  const catalogue = await listCatalogue(db);
  return catalogue
    .filter((p) => p.available)
    .flatMap((p) =>
      p.variants
        .filter((v) => v.available)
        .flatMap((v) =>
          v.stock
            .filter((s) => s.low)
            .map((s) => ({
              variant_id: v.variant_id,
              title: v.title,
              location_id: s.location_id,
              location_name: s.location_name,
              quantity: s.quantity,
              threshold: p.low_stock_threshold,
            })),
        ),
    )
    .sort((a, b) => a.quantity - b.quantity || a.title.localeCompare(b.title, "es"));
}

/**
 * A counter sale (docs/product-rules.md#retail): products, a package, or both in ONE payment.
 * One transaction: the package goes through the desk's own sale (its trial rule, its receipt,
 * its charge collected at this drawer), each product's stock is taken with the guarded update
 * (409 with what is left when short), the sale and its lines are written, and a gift card or
 * saldo a favor named as tender pays first (decision 0123). Nothing is half written.
 */
export async function sellAtCounter(
  db: Db,
  timeZone: string,
  actor: Actor,
  input: z.output<typeof saleBody>,
  now = new Date(),
) {
  const lines = mergeCart(input.lines);
  if (lines.length === 0 && !input.package) throw AppError.of("RETAIL_CART_INVALID");
  if (lines.length > 0 && !cartIsValid(lines)) throw AppError.of("RETAIL_CART_INVALID");
  if (input.package && !input.customer_id) throw AppError.of("RETAIL_CUSTOMER_REQUIRED");
  checkTender(input, input.customer_id);
  return db.transaction(async (tx) => {
    const locationId = await locationOrFirst(tx, input.location_id);
    let purchase: { purchase_id: number; total_payment: string } | null = null;
    if (input.package && input.customer_id) {
      purchase = await sellAtDesk(
        tx,
        timeZone,
        actor,
        input.customer_id,
        {
          class_package_id: input.package.class_package_id,
          payment: input.payment,
          reference: input.reference ?? null,
          amount: input.package.amount ?? null,
          location_id: locationId,
        },
        now,
      );
    }
    const packageCents = purchase ? toCents(purchase.total_payment) : 0;
    const sale =
      lines.length > 0
        ? await sellProducts(tx, actor, input, lines, { locationId, purchaseId: purchase?.purchase_id }, now)
        : null;
    const productsCents = sale?.total_cents ?? 0;
    const paid = await payCounterTender(tx, {
      tender: input,
      customer_id: input.customer_id ?? null,
      purchase_id: purchase?.purchase_id ?? null,
      package_cents: packageCents,
      sale_id: sale?.sale_id ?? null,
      products_cents: productsCents,
      actor_user_id: actor.user_id,
      now,
    });
    if (sale && paid.products_balance_cents > 0)
      await repo.setSaleBalance(tx, sale.sale_id, paid.products_balance_cents);
    return {
      sale_id: sale?.sale_id ?? null,
      purchase_id: purchase?.purchase_id ?? null,
      total_cents: packageCents + productsCents,
      gift_card_cents: paid.gift_card_cents,
      credit_cents: paid.credit_cents,
    };
  });
}

/** The products of a counter sale: priced, their stock taken, the sale and its lines written. */
async function sellProducts(
  tx: Db,
  actor: Actor,
  input: z.output<typeof saleBody>,
  lines: ReturnType<typeof mergeCart>,
  { locationId, purchaseId }: { locationId: number; purchaseId: number | undefined },
  now: Date,
) {
  const found = await repo.findVariantsWithProduct(
    tx,
    lines.map((l) => l.variant_id),
    true,
  );
  const priced = lines.map((line) => {
    const item = found.find((f) => f.variant.variant_id === line.variant_id);
    if (!item?.variant.available || !item.product.available) throw AppError.of("RETAIL_VARIANT_NOT_FOUND");
    return {
      ...line,
      title: variantTitle(item.product.name, item.variant),
      unit_price_cents: item.variant.price_cents,
      iva_rate: effectiveIvaRate(item.product.iva_rate),
    };
  });
  const totals = saleTotals(priced);
  const sale = await repo.insertSale(tx, {
    customer_id: input.customer_id ?? null,
    purchase_id: purchaseId ?? null,
    payment: input.payment,
    reference: input.reference?.trim() || null,
    location_id: locationId,
    total_cents: totals.total_cents,
    sold_by: actor.user_id,
    createdAt: now,
  });
  // Locked in variant order (findVariantsWithProduct sorts), so two carts never wait on each other in a cycle.
  for (const line of priced) {
    const left = await repo.moveStock(tx, line.variant_id, locationId, -line.quantity);
    if (left === undefined) {
      throw AppError.of("RETAIL_OUT_OF_STOCK", {
        params: { item: line.title, left: await repo.stockOf(tx, line.variant_id, locationId) },
      });
    }
    await repo.insertMovement(tx, {
      variant_id: line.variant_id,
      location_id: locationId,
      delta: -line.quantity,
      reason: "sale",
      sale_id: sale.sale_id,
      user_id: actor.user_id,
      createdAt: now,
    });
  }
  await repo.insertSaleLines(
    tx,
    priced.map((l) => ({
      sale_id: sale.sale_id,
      variant_id: l.variant_id,
      title: l.title,
      quantity: l.quantity,
      unit_price_cents: l.unit_price_cents,
      iva_rate: l.iva_rate,
    })),
  );
  return sale;
}

/**
 * Units brought back (decision 0127): their price handed back at this drawer up to what the drawer
 * took of the sale and earlier refunds did not hand back, the rest to the saldo a favor and gift
 * card that paid (never more than each paid), and the units back in stock at the sale's location.
 * Under the sale's lock, so two refunds of one line at once never return more than was sold (409).
 */
export async function refundSale(
  db: Db,
  actor: Actor,
  saleId: number,
  input: { lines: { line_id: number; quantity: number }[]; location_id?: number | null },
  now = new Date(),
) {
  const done = await db.transaction(async (tx) => {
    const sale = await repo.findSale(tx, saleId, true);
    if (!sale) throw AppError.of("RETAIL_SALE_NOT_FOUND");
    const sold = await repo.linesOfSales(tx, [saleId]);
    const refund = refundFor(sold, input.lines);
    if (!refund) throw AppError.of("RETAIL_REFUND_INVALID");
    const owed = (await saleBalanceSummary(tx, [saleId])).get(saleId);
    const balanceLeft = owed ? owed.card + owed.credit - owed.card_back - owed.credit_back : 0;
    const drawerLeft = sale.total_cents - sale.refunded_cents - balanceLeft;
    const toDrawer = Math.max(0, Math.min(refund.amount_cents, drawerLeft));
    const back = await giveBackSaleBalance(tx, saleId, refund.amount_cents - toDrawer, {
      actor_user_id: actor.user_id,
      now,
    });
    // The ledger disagrees with the sale: refuse rather than hand back money nobody took.
    if (toDrawer + back.credit_cents + back.gift_card_cents !== refund.amount_cents)
      throw AppError.of("RETAIL_REFUND_BALANCE_PAID");
    const drawer = await locationOrFirst(tx, input.location_id ?? sale.location_id);
    for (const r of refund.lines) {
      const line = sold.find((l) => l.line_id === r.line_id)!;
      await repo.addRefundedUnits(tx, r.line_id, r.quantity);
      await repo.moveStock(tx, line.variant_id, sale.location_id, r.quantity);
      await repo.insertMovement(tx, {
        variant_id: line.variant_id,
        location_id: sale.location_id,
        delta: r.quantity,
        reason: "refund",
        sale_id: saleId,
        user_id: actor.user_id,
        createdAt: now,
      });
    }
    await repo.addRefundedCents(tx, saleId, refund.amount_cents);
    await repo.insertRefund(tx, {
      sale_id: saleId,
      amount_cents: refund.amount_cents,
      balance_cents: back.credit_cents + back.gift_card_cents,
      location_id: drawer,
      refunded_by: actor.user_id,
      createdAt: now,
    });
    return { amount_cents: refund.amount_cents, ...back };
  });
  return {
    amount: money(done.amount_cents),
    to_gift_card: money(done.gift_card_cents),
    to_credit: money(done.credit_cents),
    sale: await saleById(db, saleId),
  };
}

async function salesOut(rows: Awaited<ReturnType<typeof repo.recentSales>>, db: Db) {
  const ids = rows.map((r) => r.sale.sale_id);
  const [lines, balances] = await Promise.all([repo.linesOfSales(db, ids), saleBalanceSummary(db, ids)]);
  return rows.map((r) => {
    const own = lines.filter((l) => l.sale_id === r.sale.sale_id);
    const iva = own.map((l) => ({ ...l, iva_rate: effectiveIvaRate(l.iva_rate) }));
    const b = balances.get(r.sale.sale_id) ?? { card: 0, credit: 0, card_back: 0, credit_back: 0 };
    return {
      sale_id: r.sale.sale_id,
      customer_id: r.sale.customer_id,
      customer_name: r.customer_name
        ? [r.customer_name, r.customer_last_name].filter(Boolean).join(" ")
        : null,
      purchase_id: r.sale.purchase_id,
      payment: r.sale.payment as "cash" | "card" | "transfer",
      reference: r.sale.reference,
      location_id: r.sale.location_id,
      location_name: r.location_name,
      staff_name: r.staff_name,
      total: money(r.sale.total_cents),
      iva: money(saleTotals(iva).iva_cents),
      refunded: money(r.sale.refunded_cents),
      paid_by_gift_card: money(b.card),
      paid_by_credit: money(b.credit),
      collected: money(r.sale.total_cents - r.sale.balance_cents),
      refunded_to_gift_card: money(b.card_back),
      refunded_to_credit: money(b.credit_back),
      status: saleStatus(r.sale.total_cents, r.sale.refunded_cents),
      createdAt: r.sale.createdAt,
      lines: iva.map((l) => ({
        line_id: l.line_id,
        variant_id: l.variant_id,
        title: l.title,
        quantity: l.quantity,
        refunded_quantity: l.refunded_quantity,
        unit_price: money(l.unit_price_cents),
        iva_rate: l.iva_rate,
      })),
    };
  });
}

/** The sales list, newest first: at one location, between two studio days (both included). */
export async function recentSales(
  db: Db,
  limit = 50,
  filter: { location_id?: number | undefined; from?: string | undefined; to?: string | undefined } = {},
  timeZone = "America/Mexico_City",
) {
  return salesOut(
    await repo.recentSales(db, limit, {
      location_id: filter.location_id,
      from: filter.from ? dayBounds(filter.from, timeZone).from : undefined,
      to: filter.to ? dayBounds(filter.to, timeZone).to : undefined,
    }),
    db,
  );
}

async function saleById(db: Db, saleId: number) {
  const [found] = await salesOut(await repo.recentSales(db, 1, { sale_id: saleId }), db);
  if (!found) throw AppError.of("RETAIL_SALE_NOT_FOUND");
  return found;
}

/**
 * The counter's retail money at a location in [from, to), as the cash close reads its movements
 * (decision 0063): sales positive, refunds negative, with the method the sale was paid by.
 */
export async function retailCashLines(db: Db, locationId: number, from: Date, to: Date) {
  const [sales, refunds] = await Promise.all([
    repo.salesAt(db, locationId, from, to),
    repo.refundsAt(db, locationId, from, to),
  ]);
  const line = (r: (typeof sales)[number], sign: 1 | -1) => ({
    at: r.at,
    cents: sign * r.cents,
    method: r.payment as "cash" | "card" | "transfer",
    staff_user_id: r.staff_user_id,
    staff_name: r.staff_name,
    sale_id: r.sale_id,
  });
  return [...sales.map((r) => line(r, 1)), ...refunds.map((r) => line(r, -1))];
}

/** Retail revenue in [from, to) in centavos: sold less handed back (reports, dashboard). */
export async function retailRevenue(db: Db, from: Date, to: Date) {
  const { sold_cents, refunded_cents } = await repo.revenueBetween(db, from, to);
  return { sold_cents, refunded_cents, net_cents: sold_cents - refunded_cents };
}

const RETAIL_TITLE = "Productos de mostrador";
const METHOD: Record<string, RevenueMethod> = { cash: "cash", card: "desk_card", transfer: "transfer" };

/**
 * Retail as a revenue source (decision 0094): each sale line a charge (its own IVA rate), each
 * refund a refund, all under «Productos de mostrador» in the by-package grouping.
 */
export async function retailRevenueMovements(
  db: Db,
  range: { start: Date; end: Date; locationId?: number | undefined },
): Promise<RevenueMovement[]> {
  const { lines, refunds } = await repo.revenueFacts(db, range);
  return [
    ...lines.map((r) => ({
      kind: "charge" as const,
      id: r.line.line_id,
      purchase_id: 0,
      customer_id: r.sale.customer_id ?? 0,
      customer: [r.customer_name, r.customer_last_name].filter(Boolean).join(" ") || "Venta de mostrador",
      at: r.sale.createdAt,
      title: RETAIL_TITLE,
      cents: r.line.quantity * r.line.unit_price_cents,
      iva_rate: r.line.iva_rate,
      method: METHOD[r.sale.payment] ?? "other",
      location: r.location,
      subscription: false,
    })),
    ...refunds.map((r) => ({
      kind: "refund" as const,
      id: r.refund.retail_refund_id,
      purchase_id: 0,
      customer_id: r.sale.customer_id ?? 0,
      customer: "Devolución de productos",
      at: r.refund.createdAt,
      title: RETAIL_TITLE,
      cents: r.refund.amount_cents,
      iva_rate: null,
      method: METHOD[r.sale.payment] ?? "other",
      location: r.location,
      subscription: false,
    })),
  ];
}
