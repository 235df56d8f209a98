/**
 * CSV built in the browser for the admin tables' "Exportar CSV". RFC 4180 quoting (commas,
 * quotes, line breaks), CRLF rows, and a UTF-8 BOM so Excel opens accents (José, Pilates Básico)
 * correctly. Text that starts like a formula (=, +, -, @) gets a leading apostrophe so a
 * spreadsheet never runs a customer's name as a formula.
 */

export type CsvValue = string | number | boolean | null | undefined;

export const CSV_BOM = "\uFEFF";

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: string[], rows: CsvValue[][]): string {
  return [headers, ...rows].map((row) => row.map(cell).join(",")).join("\r\n");
}

/** Starts the download of `csv` as `filename` (BOM included). */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([CSV_BOM, csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename.endsWith(".csv") ? filename : `${filename}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
