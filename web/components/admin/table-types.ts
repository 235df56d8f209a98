import type { ReactNode } from "react";
import type { CsvValue } from "./csv";

/** The back office table's columns, state and props (admin-table.tsx re-exports them). */

export type AdminColumn<T> = {
  key: string;
  header: string;
  /** Plain value: used for sorting, searching and the CSV. */
  value?: (row: T) => CsvValue;
  /** What the cell shows (defaults to the value). */
  render?: (row: T) => ReactNode;
  /** Default: sortable when it has a value. */
  sortable?: boolean;
  /** Leave the column out of the CSV (e.g. action buttons). */
  csv?: boolean;
  /** false: only in the CSV (a figure the screen shows inside another column). */
  screen?: boolean;
  align?: "left" | "right" | "center";
  width?: number | string;
};

export type TableSort = { key: string; desc: boolean } | null;
export type TableState = { page: number; pageSize: number; sort: TableSort; search: string };

export type AdminTableProps<T> = {
  columns: AdminColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Accessible name of the table (also the CSV's default file name). */
  caption: string;
  exportFilename?: string;
  /** Server mode: the count of every matching row. */
  total?: number;
  /** Server mode: called with the new state (page, sort, debounced search). */
  onStateChange?: (state: TableState) => void;
  /** Server mode: every row to export (all pages); without it the current page is exported. */
  exportRows?: () => Promise<T[]>;
  initialState?: Partial<TableState>;
  loading?: boolean;
  searchPlaceholder?: string;
  emptyText?: string;
  onRowClick?: (row: T) => void;
  /** Extra controls beside the search box (filters, "new" buttons). */
  toolbar?: ReactNode;
  pageSizes?: number[];
  minWidth?: number;
};
