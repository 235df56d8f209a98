import type { CsvValue } from "./csv";
import type { AdminColumn, TableState } from "./table-types";

const collator = new Intl.Collator("es-MX", { numeric: true, sensitivity: "base" });

/** Spanish order with numbers by value; empty values last either way. */
function compare(a: CsvValue, b: CsvValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined || a === "") return 1;
  if (b === null || b === undefined || b === "") return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

/** Lowercase without accents, so "jose" finds "José". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

export function cellValue<T>(column: AdminColumn<T>, row: T): CsvValue {
  return column.value ? column.value(row) : undefined;
}

/** Client mode: the rows whose values contain the search, in the chosen column's order. */
export function searchAndSort<T>(
  rows: T[],
  columns: AdminColumn<T>[],
  state: Pick<TableState, "search" | "sort">,
): T[] {
  const needle = fold(state.search.trim());
  let list = needle
    ? rows.filter((row) =>
        columns.some((c) => {
          const v = cellValue(c, row);
          return v !== null && v !== undefined && fold(String(v)).includes(needle);
        }),
      )
    : rows;
  const sortColumn = state.sort && columns.find((c) => c.key === state.sort?.key);
  if (sortColumn && state.sort) {
    const dir = state.sort.desc ? -1 : 1;
    list = [...list].sort((a, b) => dir * compare(cellValue(sortColumn, a), cellValue(sortColumn, b)));
  }
  return list;
}
