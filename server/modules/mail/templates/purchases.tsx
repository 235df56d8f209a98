import { type IvaRate, ivaBreakdown, ivaLabel } from "../../../../domain/fiscal/iva";
import { countLabel, formatDate, formatMoney } from "../../../../domain/format";
import { centsToNumber, toCents } from "../../../../domain/money";
import { type Brand, siteLink } from "./brand";
import { Details, Layout, P } from "./layout";
import { renderMail } from "./render";

/** What a receipt or a gift note says about a purchase. */
export type PurchaseFacts = {
  purchaseId: number;
  title: string;
  createdAt: Date;
  /** Classes the package gives; -1 or `unlimited` for unlimited, null when it gives none. */
  classAmount: number | null;
  unlimited: boolean;
  expiresAt: Date | null;
  /** "Tarjeta", "Efectivo", "Mostrador · Transferencia · ref 123"... */
  payment: string;
  total: string | number;
  /** IVA included in the total (decision 0032): when given, the receipt shows subtotal and IVA. */
  ivaRate?: IvaRate;
  /**
   * Everything one payment paid, each on its own line (the package and the sign-up fee, decision
   * 0051); `total` is then their sum. Absent: the purchase alone.
   */
  lines?: Array<{ title: string; total: string | number; ivaRate: IvaRate }>;
  /** The receipt's number (the payment's first charge); the purchase id when absent. */
  folio?: string;
  /** "Renovación" for a subscription's later charge (with its period). */
  periodEnd?: Date | null;
};

/**
 * Subtotal and IVA rows of a receipt (domain/fiscal/iva.ts: integer centavos, parts add up), over
 * every line: each line's subtotal and IVA add up to its total, so their sums add up to the total.
 */
function ivaRows(p: PurchaseFacts): [string, string][] {
  const lines = p.lines ?? (p.ivaRate ? [{ title: p.title, total: p.total, ivaRate: p.ivaRate }] : []);
  if (lines.length === 0) return [];
  let subtotal = 0;
  const ivaByRate = new Map<IvaRate, number>();
  for (const line of lines) {
    const b = ivaBreakdown(toCents(line.total), line.ivaRate);
    subtotal += b.subtotal;
    ivaByRate.set(line.ivaRate, (ivaByRate.get(line.ivaRate) ?? 0) + b.iva);
  }
  return [
    ["Subtotal", formatMoney(centsToNumber(subtotal))],
    ...[...ivaByRate].map(([rate, iva]): [string, string] => [
      ivaLabel(rate),
      formatMoney(centsToNumber(iva)),
    ]),
  ];
}

/** One row per line when a payment paid more than one purchase ("Inscripción" on its own). */
function lineRows(p: PurchaseFacts): [string, string | null][] {
  if (!p.lines || p.lines.length < 2) return [["Paquete", p.title]];
  return p.lines.map((line): [string, string] => [line.title, formatMoney(line.total)]);
}

function includes(p: PurchaseFacts): string | null {
  if (p.unlimited || p.classAmount === -1) return "Clases ilimitadas";
  return p.classAmount ? countLabel(p.classAmount, "clase", "clases") : null;
}

const until = (p: PurchaseFacts, brand: Brand) =>
  p.expiresAt ? `hasta el ${formatDate(p.expiresAt, brand.timeZone)}` : null;

const purchasesAction = (brand: Brand) => ({
  label: "Ver mis compras",
  url: siteLink(brand, "/mystudio/membresias"),
});

/** The receipt of a paid purchase (online, at the desk, a confirmed cash payment). */
export function PurchaseReceipt({ brand, purchase }: { brand: Brand; purchase: PurchaseFacts }) {
  return (
    <Layout
      brand={brand}
      title="Recibo de tu compra"
      preview={`${purchase.title}: ${formatMoney(purchase.total)}`}
      action={purchasesAction(brand)}
    >
      <P>¡Gracias por tu compra! Este es tu recibo.</P>
      <Details
        rows={[
          ["Folio", purchase.folio ?? String(purchase.purchaseId)],
          ["Fecha", formatDate(purchase.createdAt, brand.timeZone)],
          ...lineRows(purchase),
          ["Incluye", includes(purchase)],
          ["Vigencia", until(purchase, brand)],
          ["Forma de pago", purchase.payment],
          ...ivaRows(purchase),
          ["Total pagado", formatMoney(purchase.total)],
        ]}
      />
    </Layout>
  );
}

export const purchaseReceiptEmail = (brand: Brand, purchase: PurchaseFacts) =>
  renderMail(`Recibo de tu compra · ${brand.name}`, <PurchaseReceipt brand={brand} purchase={purchase} />);

/** The studio gave the customer a package. */
export function PurchaseGift({ brand, purchase }: { brand: Brand; purchase: PurchaseFacts }) {
  return (
    <Layout
      brand={brand}
      title="Te regalamos un paquete"
      preview={purchase.title}
      action={purchasesAction(brand)}
    >
      <P>El estudio te regaló el paquete {purchase.title}. Ya puedes usarlo para reservar tus clases.</P>
      <Details
        rows={[
          ["Incluye", includes(purchase)],
          ["Vigencia", until(purchase, brand)],
        ]}
      />
    </Layout>
  );
}

export const purchaseGiftEmail = (brand: Brand, purchase: PurchaseFacts) =>
  renderMail(`Te regalamos un paquete · ${brand.name}`, <PurchaseGift brand={brand} purchase={purchase} />);

type CashRenewalProps = {
  brand: Brand;
  title: string;
  total: string | number;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Bank details as [label, value]. */
  bank: [string, string][];
  /** The payment method's instructions, already sanitised HTML (payment-methods service). */
  instructionsHtml: string;
};

/** A cash subscription renews: what to pay, for which period, and where. */
export function CashRenewal({
  brand,
  title,
  total,
  periodStart,
  periodEnd,
  bank,
  instructionsHtml,
}: CashRenewalProps) {
  return (
    <Layout
      brand={brand}
      title="Pago de tu suscripción"
      preview={`${title}: ${formatMoney(total)}`}
      action={purchasesAction(brand)}
    >
      <P>
        Tu suscripción <strong>{title}</strong> se renueva: <strong>{formatMoney(total)}</strong> por el
        periodo del {formatDate(periodStart, brand.timeZone)} al {formatDate(periodEnd, brand.timeZone)}.
      </P>
      {bank.length ? (
        <>
          <P>Realiza tu pago con estos datos:</P>
          <Details rows={bank} />
        </>
      ) : null}
      {instructionsHtml ? (
        // Sanitised on save and again before sending (sanitizeInstructions).
        <div
          style={{ fontSize: "15px", lineHeight: "1.5" }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the studio
          dangerouslySetInnerHTML={{ __html: instructionsHtml }}
        />
      ) : null}
      <P>Tu periodo se activa cuando el estudio confirme el pago.</P>
    </Layout>
  );
}

export const cashRenewalEmailOf = (brand: Brand, props: Omit<CashRenewalProps, "brand">) =>
  renderMail(
    `${brand.name}: pago de tu suscripción ${props.title}`,
    <CashRenewal brand={brand} {...props} />,
  );
