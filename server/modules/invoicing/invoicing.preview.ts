/**
 * Documents of a factura made without a PAC key (decision 0034): a one-page PDF and an XML that
 * say on every page and in their root that they are a preview "SIN VALIDEZ FISCAL". The XML is
 * deliberately not a CFDI (no cfdi namespace, no sello, no timbre) so nothing can take it for one.
 * The PDF is written by hand (Helvetica, WinAnsi for the accents): one page of text needs no library.
 */

export type PreviewDoc = {
  kind: string;
  issuer: string;
  receiver: {
    rfc: string;
    razon_social: string;
    regimen_fiscal: string;
    codigo_postal: string;
    uso_cfdi: string;
  };
  lines: {
    description: string;
    product_key: string;
    unit_key: string;
    subtotal: string;
    iva: string;
    total: string;
  }[];
  payment_form: string;
  subtotal: string;
  iva: string;
  total: string;
  issuedAt: string;
  folio: number;
};

const MARK = "SIN VALIDEZ FISCAL";

function pdfText(value: string): string {
  // WinAnsi covers Spanish letters; anything else becomes "?".
  const latin = Array.from(value, (c) => (c.charCodeAt(0) < 256 ? c : "?")).join("");
  return latin.replace(/[\\()]/g, (c) => `\\${c}`);
}

export function previewPdf(doc: PreviewDoc): Buffer {
  const rows: [size: number, text: string][] = [
    [20, `VISTA PREVIA - ${MARK}`],
    [11, "Este documento no es un CFDI: el estudio aún no configura su proveedor de facturación (PAC)."],
    [11, ""],
    [14, `Factura (${doc.kind}) · folio de vista previa ${doc.folio}`],
    [11, `Emisor: ${doc.issuer}`],
    [11, `Receptor: ${doc.receiver.razon_social} · RFC ${doc.receiver.rfc}`],
    [
      11,
      `Régimen ${doc.receiver.regimen_fiscal} · CP ${doc.receiver.codigo_postal} · Uso ${doc.receiver.uso_cfdi}`,
    ],
    [11, `Fecha: ${doc.issuedAt} · Forma de pago ${doc.payment_form} · Método PUE`],
    [11, ""],
    ...doc.lines.map(
      (l) =>
        [11, `${l.description} · ClaveProdServ ${l.product_key} · Unidad ${l.unit_key} · $${l.total}`] as [
          number,
          string,
        ],
    ),
    [11, ""],
    [12, `Subtotal $${doc.subtotal}   IVA $${doc.iva}   Total $${doc.total} MXN`],
    [11, ""],
    [16, MARK],
  ];
  let y = 790;
  const ops = rows.map(([size, text]) => {
    y -= size + 8;
    return `BT /F1 ${size} Tf 40 ${y} Td (${pdfText(text)}) Tj ET`;
  });
  // A large grey diagonal mark across the page.
  ops.push(`q 0.85 g BT /F1 44 Tf 0.7071 0.7071 -0.7071 0.7071 120 200 Tm (${MARK}) Tj ET Q`);
  const content = Buffer.from(ops.join("\n"), "latin1");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    null, // the content stream
  ];
  const header = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const parts: Buffer[] = [header];
  const offsets: number[] = [];
  let length = header.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk =
      body === null
        ? Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n<< /Length ${content.length} >>\nstream\n`, "latin1"),
            content,
            Buffer.from("\nendstream\nendobj\n", "latin1"),
          ])
        : Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info << /Title (${MARK}) >> >>`,
    "startxref",
    String(length),
    "%%EOF",
    "",
  ].join("\n");
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

const esc = (v: string) =>
  v.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c);

export function previewXml(doc: PreviewDoc): string {
  const r = doc.receiver;
  const lines = doc.lines
    .map(
      (l) =>
        `  <Concepto descripcion="${esc(l.description)}" claveProdServ="${l.product_key}" claveUnidad="${l.unit_key}" subtotal="${l.subtotal}" iva="${l.iva}" total="${l.total}"/>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- VISTA PREVIA ${MARK}: no es un CFDI, no tiene sello ni timbre del SAT. -->
<VistaPreviaFactura sinValidezFiscal="true" leyenda="${MARK}" tipo="${doc.kind}" folio="${doc.folio}" fecha="${doc.issuedAt}" formaPago="${doc.payment_form}" subtotal="${doc.subtotal}" iva="${doc.iva}" total="${doc.total}">
  <Emisor nombre="${esc(doc.issuer)}"/>
  <Receptor rfc="${esc(r.rfc)}" nombre="${esc(r.razon_social)}" regimenFiscal="${r.regimen_fiscal}" codigoPostal="${r.codigo_postal}" usoCfdi="${r.uso_cfdi}"/>
${lines}
</VistaPreviaFactura>
`;
}
