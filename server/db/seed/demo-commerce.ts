import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { exactly, only, rowAt } from "../rows";
import { available_classes } from "../schema/credits";
import { customers } from "../schema/customers";
import { discount_redemptions, discounts, payment_methods, payment_sources } from "../schema/payments";
import { invoices, purchases } from "../schema/purchases";
import type { Catalogue } from "./demo-catalogue";
import type { People } from "./demo-people";
import { addMs, DAY_MS, prng } from "./demo-time";

/** Centavos to a numeric(12,2) string, without floating point. */
export function money(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
/** numeric string ("1350.00") to centavos. */
export function cents(value: string): number {
  const [int = "", frac = ""] = value.split(".");
  const c = Number(int.replace("-", "")) * 100 + Number(frac.padEnd(2, "0").slice(0, 2));
  return value.startsWith("-") ? -c : c;
}

function addMonths(d: Date, months: number): Date {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

export type FillerPlan = {
  customer_id: number;
  kind: "unlimited" | "credit";
  available_class_id?: number;
  remaining: number;
  used: number;
};

export async function seedCommerce(db: Db, cat: Catalogue, people: People, now: Date) {
  const rng = prng(20240501);
  const [cardMethod, cashMethod] = exactly(
    await db
      .insert(payment_methods)
      .values([
        {
          name: "Tarjeta de crédito o débito",
          description: "Visa, Mastercard y American Express.",
          provider: "card",
          order: 0,
        },
        {
          name: "Efectivo",
          description: "Paga en recepción o por transferencia.",
          instructions:
            '<p>Paga en la recepción de cualquiera de nuestras sucursales o realiza una transferencia a:</p><ul><li><strong>Banco:</strong> BBVA México</li><li><strong>CLABE:</strong> 012180001234567890</li><li><strong>Beneficiario:</strong> Estudio Pulso S.A. de C.V.</li></ul><p>Envía tu comprobante por WhatsApp al <a href="https://wa.me/525587654321">55 8765 4321</a>. Tus clases se activan cuando confirmamos el pago.</p>',
          provider: "cash",
          bank: {
            bank: "BBVA México",
            card: "4152 3138 0000 0000",
            account_number: "0123456789",
            clabe: "012180001234567890",
            beneficiary: "Estudio Pulso S.A. de C.V.",
          },
          order: 1,
        },
        // The wallet: without PayPal keys the sandbox plays it, so the demo shows every payment
        // path (decision 0017).
        {
          name: "PayPal",
          description: "Paga con tu cuenta de PayPal.",
          provider: "paypal",
          order: 2,
        },
      ])
      .returning(),
    3,
  );

  const [, , launch] = exactly(
    await db
      .insert(discounts)
      .values([
        {
          code: "BIENVENIDA",
          description: "10% de descuento en tu primera compra.",
          amount: "10.00",
          is_percent: true,
          first_invoice_only: true,
          max_uses_per_customer: 1,
        },
        { code: "100PESOS", description: "$100 de descuento en cualquier paquete.", amount: "100.00" },
        {
          code: "LANZAMIENTO",
          description: "20% en el paquete de 10 clases (agotado).",
          amount: "20.00",
          is_percent: true,
          max_uses: 2,
          class_package_id: cat.packages.ten.class_package_id,
          ends_at: addMs(now, 30 * DAY_MS),
        },
      ])
      .returning(),
    3,
  );

  type PurchaseInput = {
    customer_id: number;
    pkg: Catalogue["packages"][keyof Catalogue["packages"]];
    createdAt: Date;
    status: "active" | "completed" | "pending";
    discountPercent?: number;
    cash?: boolean;
    subscription?: boolean;
  };

  async function buy(p: PurchaseInput) {
    const amount = cents(p.pkg.sale_price ?? p.pkg.price);
    const discount = p.discountPercent ? Math.round((amount * p.discountPercent) / 100) : 0;
    const total = amount - discount;
    const paid = p.status !== "pending";
    const expiration = p.pkg.expiration_days ? addMs(p.createdAt, p.pkg.expiration_days * DAY_MS) : null;
    const nextBilling = p.subscription ? addMonths(p.createdAt, 1) : null;
    const ref = `demo_${p.customer_id}_${p.pkg.class_package_id}_${p.createdAt.getTime()}`;
    const purchase = only(
      await db
        .insert(purchases)
        .values({
          customer_id: p.customer_id,
          class_package_id: p.pkg.class_package_id,
          title: p.pkg.title,
          status: p.status,
          amount: money(amount),
          discount_total: money(discount),
          total_payment: money(total),
          class_amount: p.pkg.class_amount,
          expiration_days: p.pkg.expiration_days,
          expiration_date: nextBilling ?? expiration,
          payment_method_id: p.cash ? cashMethod.payment_method_id : cardMethod.payment_method_id,
          provider: p.cash ? "cash" : "sandbox",
          provider_ref: p.cash ? null : `pi_${ref}`,
          subscription_id: p.subscription ? `sub_${ref}` : null,
          subscription_interval: p.pkg.subscription_interval,
          subscription_period: p.pkg.subscription_period,
          next_billing_date: nextBilling,
          discount_id: p.discountPercent ? launch.discount_id : null,
          credits_granted_at: paid ? p.createdAt : null,
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        })
        .returning(),
    );
    await db.insert(invoices).values({
      purchase_id: purchase.purchase_id,
      customer_id: p.customer_id,
      total_payment: money(total),
      status: paid ? "paid" : "pending",
      provider_ref: p.cash ? null : `ch_${ref}`,
      period_start: p.subscription ? p.createdAt : null,
      period_end: nextBilling,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    });
    if (p.discountPercent) {
      await db.insert(discount_redemptions).values({
        discount_id: launch.discount_id,
        customer_id: p.customer_id,
        purchase_id: purchase.purchase_id,
        createdAt: p.createdAt,
      });
    }
    let bucketId: number | undefined;
    if (paid && p.pkg.class_amount !== 0 && !p.pkg.is_unlimited_membership) {
      const bucket = only(
        await db
          .insert(available_classes)
          .values({
            customer_id: p.customer_id,
            purchase_id: purchase.purchase_id,
            available_classes: p.pkg.class_amount,
            expiration_date: expiration,
            createdAt: p.createdAt,
          })
          .returning(),
      );
      bucketId = bucket.available_class_id;
    }
    if (paid && p.pkg.is_unlimited_membership) {
      await db
        .update(customers)
        .set({ has_unlimited: true, unlimited_membership_expiration: nextBilling ?? expiration })
        .where(eq(customers.customer_id, p.customer_id));
    }
    return { purchase, bucketId };
  }

  const daysAgo = (days: number, hour = 17) => {
    const d = addMs(now, -days * DAY_MS);
    d.setUTCHours(hour, Math.floor(rng() * 60), 0, 0);
    return d.getTime() > now.getTime() ? addMs(now, -3_600_000) : d;
  };

  // The demo customer: sign-up fee long ago, then a 10-class package a week and a half ago.
  const ana = people.ana.customer_id;
  await buy({ customer_id: ana, pkg: cat.packages.signupFee, createdAt: daysAgo(40), status: "completed" });
  const anaTen = await buy({
    customer_id: ana,
    pkg: cat.packages.ten,
    createdAt: daysAgo(9),
    status: "completed",
  });
  await db.insert(payment_sources).values({
    customer_id: ana,
    provider: "sandbox",
    source_id: "pm_demo_visa_4242",
    card_type: "visa",
    last_digits: "4242",
    exp_month: 12,
    exp_year: new Date(now).getUTCFullYear() + 3,
    createdAt: daysAgo(9),
  });

  // Filler customers: 15 unlimited members, 10 with 10-class packages (two used LANZAMIENTO).
  const plans: FillerPlan[] = [];
  for (const [i, c] of people.fillers.entries()) {
    await buy({
      customer_id: c.customer_id,
      pkg: cat.packages.signupFee,
      // Sign-ups over the last four months; the last five joined this month (before any of
      // their bookings, which start last week), so "Clientes nuevos" has something to show.
      createdAt: daysAgo(i >= 20 ? 20 + (i - 20) * 2 : 45 + i * 3),
      status: "completed",
    });
    if (i < 15) {
      await buy({
        customer_id: c.customer_id,
        pkg: cat.packages.unlimited,
        createdAt: daysAgo(8 + ((i * 7) % 20)),
        status: "active",
        subscription: true,
      });
      plans.push({
        customer_id: c.customer_id,
        kind: "unlimited",
        remaining: Number.POSITIVE_INFINITY,
        used: 0,
      });
    } else {
      const { bucketId } = await buy({
        customer_id: c.customer_id,
        pkg: cat.packages.ten,
        createdAt: daysAgo(10 + (i % 5)),
        status: "completed",
        discountPercent: i === 15 || i === 16 ? 20 : undefined,
      });
      plans.push({
        customer_id: c.customer_id,
        kind: "credit",
        available_class_id: bucketId,
        remaining: 10,
        used: 0,
      });
    }
  }
  // Online subscribers and a cash purchase awaiting the admin's confirmation.
  await buy({
    customer_id: rowAt(people.fillers, 3, "filler").customer_id,
    pkg: cat.packages.online,
    createdAt: daysAgo(5),
    status: "active",
    subscription: true,
  });
  await buy({
    customer_id: rowAt(people.fillers, 18, "filler").customer_id,
    pkg: cat.packages.online,
    createdAt: daysAgo(12),
    status: "active",
    subscription: true,
  });
  await buy({
    customer_id: rowAt(people.fillers, 22, "filler").customer_id,
    pkg: cat.packages.five,
    createdAt: daysAgo(1),
    status: "pending",
    cash: true,
  });
  // A restricted (Reformer only) bucket, shown on Mis Créditos.
  const reformer4 = await buy({
    customer_id: rowAt(people.fillers, 24, "filler").customer_id,
    pkg: cat.packages.reformer4,
    createdAt: daysAgo(3),
    status: "completed",
  });
  if (reformer4.bucketId) {
    await db
      .update(available_classes)
      .set({
        class_type_id: cat.types.reformer.class_type_id,
        class_types: String(cat.types.reformer.class_type_id),
      })
      .where(eq(available_classes.available_class_id, reformer4.bucketId));
  }

  return {
    anaBucketId: anaTen.bucketId as number,
    anaPurchaseId: anaTen.purchase.purchase_id,
    plans,
  };
}
