import { formatDate, formatMoney } from "../../../../domain/format";
import { type Brand, siteLink } from "./brand";
import { Details, Layout, P } from "./layout";
import { renderMail } from "./render";

/** What the factura email says (decision 0036); the PDF and the XML travel as attachments. */
export type InvoiceFacts = {
  title: string;
  rfc: string;
  razonSocial: string;
  total: string | number;
  issuedAt: Date;
  /** Folio fiscal; null on a preview. */
  uuid: string | null;
  preview: boolean;
};

export function InvoiceIssued({ brand, invoice }: { brand: Brand; invoice: InvoiceFacts }) {
  return (
    <Layout
      brand={brand}
      title={invoice.preview ? "Vista previa de tu factura" : "Tu factura"}
      preview={`${invoice.title}: ${formatMoney(invoice.total)}`}
      action={{ label: "Ver mis compras", url: siteLink(brand, "/mystudio/membresias") }}
    >
      <P>
        {invoice.preview
          ? "Te enviamos una vista previa SIN VALIDEZ FISCAL de tu factura: el estudio aún no configura su proveedor de facturación, así que este documento no es un CFDI."
          : "Adjuntamos tu factura (CFDI 4.0) en PDF y XML."}
      </P>
      <Details
        rows={[
          ["Concepto", invoice.title],
          ["RFC", invoice.rfc],
          ["Razón social", invoice.razonSocial],
          ["Fecha", formatDate(invoice.issuedAt, brand.timeZone)],
          ["Folio fiscal", invoice.uuid],
          ["Total", formatMoney(invoice.total)],
        ]}
      />
      <P>También puedes descargarla cuando quieras desde Mis Compras.</P>
    </Layout>
  );
}

export const invoiceIssuedEmail = (brand: Brand, invoice: InvoiceFacts) =>
  renderMail(
    `${invoice.preview ? "Vista previa de tu factura (sin validez fiscal)" : "Tu factura"} · ${brand.name}`,
    <InvoiceIssued brand={brand} invoice={invoice} />,
  );
