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
  return `\uFEFF${[headers, ...rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
