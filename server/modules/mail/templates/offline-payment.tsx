import { formatClabe } from "../../../../domain/clabe";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { type Brand, siteLink } from "./brand";
import { Details, Layout, P } from "./layout";
import { renderMail } from "./render";

/** What the customer needs to pay an OXXO voucher or a SPEI transfer (decision 0034). */
export type OfflinePaymentFacts = {
  purchaseId: number;
  title: string;
  method: "oxxo" | "spei";
  amount: string | number;
  reference: string;
  expiresAt: Date | null;
  clabe: string | null;
  bankName: string | null;
  /** The processor's printable voucher (Stripe), else our /gracias page shows it. */
  hostedUrl: string | null;
  /** Made by the sandbox: no real store or bank takes it. */
  sandbox: boolean;
  /** Where our site shows it when the processor has no page: /gracias, or Mis Membresías for a renewal's. */
  sitePath?: string;
};

export function OfflinePayment({ brand, payment: p }: { brand: Brand; payment: OfflinePaymentFacts }) {
  const oxxo = p.method === "oxxo";
  const until = p.expiresAt ? formatDateTime(p.expiresAt, brand.timeZone) : null;
  return (
    <Layout
      brand={brand}
      title={oxxo ? "Tu ficha de pago OXXO" : "Datos para tu transferencia SPEI"}
      preview={`${p.title}: ${formatMoney(p.amount)}${until ? ` · paga antes del ${until}` : ""}`}
      action={{
        label: oxxo ? "Ver mi ficha" : "Ver datos de pago",
        url: p.hostedUrl ?? siteLink(brand, p.sitePath ?? `/gracias/${p.purchaseId}`),
      }}
    >
      {p.sandbox ? (
        <P>Modo de prueba (sandbox): esta ficha no se puede pagar en una tienda ni un banco real.</P>
      ) : null}
      <P>
        {oxxo
          ? "Paga en cualquier tienda OXXO en efectivo: muestra el código de barras o dicta la referencia en caja. Tus clases se activan cuando OXXO confirme el pago."
          : "Haz una transferencia SPEI desde la app o el portal de tu banco a esta CLABE, por el monto exacto y con la referencia. Tus clases se activan cuando llegue la transferencia."}
      </P>
      <Details
        rows={[
          ["Folio", String(p.purchaseId)],
          ["Paquete", p.title],
          ["Monto a pagar", formatMoney(p.amount)],
          [oxxo ? "Referencia OXXO" : "Referencia", p.reference],
          ["CLABE", p.clabe ? formatClabe(p.clabe) : null],
          ["Banco", p.bankName],
          ["Paga antes del", until],
        ]}
      />
    </Layout>
  );
}

export const offlinePaymentEmail = (brand: Brand, payment: OfflinePaymentFacts) =>
  renderMail(
    `${payment.method === "oxxo" ? "Tu ficha de pago OXXO" : "Datos para tu transferencia SPEI"} · ${brand.name}`,
    <OfflinePayment brand={brand} payment={payment} />,
  );
