/**
 * CSV of a report for the contador's spreadsheet: RFC 4180 quoting, CRLF rows, a UTF-8 BOM so
 * Excel reads accents, and text that starts like a formula (=, +, -, @) prefixed with an
 * apostrophe so a spreadsheet never runs a customer's name (the admin tables' own export,
 * web/components/admin/csv.ts, does the same in the browser). Numbers stay plain ("1250.5").
 */
export type CsvCell = string | number | boolean | null | undefined;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(headers: readonly string[], rows: readonly CsvCell[][]): string {
  return [...reportCsvPieces(headers, rows)].join("");
}

/** About how many characters each piece holds: one write per piece, not one per row. */
const PIECE_CHARS = 64 * 1024;

/**
 * The same CSV in pieces, for an answer that streams a whole list instead of holding it as one
 * string (a drill-down's CSV: 48,000 customers, docs/decisions/0141).
 */
export function* reportCsvPieces(headers: readonly string[], rows: readonly CsvCell[][]): Generator<string> {
  let piece = `\uFEFF${headers.map(cell).join(",")}\r\n`;
  for (const row of rows) {
    piece += `${row.map(cell).join(",")}\r\n`;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = "";
    }
  }
  if (piece) yield piece;
}
