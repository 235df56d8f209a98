import {
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconDownload, IconSearch } from "@tabler/icons-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { staffMayExport, staffRoleOf } from "../../../domain/staff";
import { useCurrentUser } from "../../lib/session";
import { kitCopy } from "./copy";
import { type CsvValue, downloadCsv, toCsv } from "./csv";

/**
 * The one table of the back office. Client mode (give `rows`): search, sort and paging happen
 * here over every row. Server mode (also give `total` and `onStateChange`): `rows` is the current
 * page and every change of page, sort or (debounced) search is handed to the caller to fetch.
 * Both export CSV built in the browser: client mode exports every filtered row in the shown order;
 * server mode exports what `exportRows()` returns (e.g. all pages), or the current page.
 */

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

const collator = new Intl.Collator("es-MX", { numeric: true, sensitivity: "base" });

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

function cellValue<T>(column: AdminColumn<T>, row: T): CsvValue {
  return column.value ? column.value(row) : undefined;
}

export function AdminTable<T>(props: AdminTableProps<T>) {
  const {
    columns,
    rows,
    rowKey,
    caption,
    total,
    onStateChange,
    loading,
    onRowClick,
    toolbar,
    pageSizes = [10, 25, 50, 100],
  } = props;
  // The front desk exports nothing (decision 0031: no exports for that role).
  const canExport = staffMayExport(staffRoleOf(useCurrentUser().data?.staff_role) ?? "owner");
  const server = total !== undefined;
  const [state, setState] = useState<TableState>({
    page: 1,
    pageSize: 25,
    sort: null,
    search: "",
    ...props.initialState,
  });
  const [searchText, setSearchText] = useState(state.search);
  const [debounced] = useDebouncedValue(searchText, server ? 300 : 0);
  const [exporting, setExporting] = useState(false);

  const update = (patch: Partial<TableState>) => {
    setState((current) => {
      const next = { ...current, ...patch };
      if (server) onStateChange?.(next);
      return next;
    });
  };

  // A new search always starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to the debounced text only
  useEffect(() => {
    if (debounced !== state.search) update({ search: debounced, page: 1 });
  }, [debounced]);

  const processed = useMemo(() => {
    if (server) return rows;
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
  }, [server, rows, columns, state.search, state.sort]);

  const count = server ? (total ?? 0) : processed.length;
  const pages = Math.max(1, Math.ceil(count / state.pageSize));
  const page = Math.min(state.page, pages);
  const visible = server ? processed : processed.slice((page - 1) * state.pageSize, page * state.pageSize);
  const first = count === 0 ? 0 : (page - 1) * state.pageSize + 1;
  const last = Math.min(count, page * state.pageSize);

  const toggleSort = (key: string) => {
    const current = state.sort;
    const sort: TableSort =
      current?.key !== key ? { key, desc: false } : current.desc ? null : { key, desc: true };
    update({ sort, page: 1 });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = server && props.exportRows ? await props.exportRows() : processed;
      const exported = columns.filter((c) => c.csv !== false && c.value);
      const csv = toCsv(
        exported.map((c) => c.header),
        all.map((row) => exported.map((c) => cellValue(c, row))),
      );
      downloadCsv(props.exportFilename ?? caption, csv);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper withBorder radius="md">
      <Group p="sm" gap="sm" justify="space-between" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: "1 1 260px" }}>
          <TextInput
            aria-label={kitCopy.table.searchIn(caption)}
            placeholder={props.searchPlaceholder ?? kitCopy.table.search}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(e) => setSearchText(e.currentTarget.value)}
            style={{ flex: "1 1 220px", maxWidth: 420 }}
            type="search"
          />
          {toolbar}
        </Group>
        {canExport ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={count === 0}
          >
            {kitCopy.table.exportCsv}
          </Button>
        ) : null}
      </Group>
      <Table.ScrollContainer
        minWidth={props.minWidth ?? 640}
        // On a phone the table scrolls sideways: keyboard users must be able to reach and scroll it
        // (axe: scrollable-region-focusable), and a screen reader hears what the group is.
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "group", "aria-label": caption } }}
      >
        <Table
          striped
          highlightOnHover={Boolean(onRowClick)}
          verticalSpacing="sm"
          aria-label={caption}
          aria-busy={loading || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {columns
                .filter((c) => c.screen !== false)
                .map((c) => {
                  const sortable = c.sortable ?? Boolean(c.value);
                  const active = state.sort?.key === c.key ? state.sort : null;
                  const Icon = active ? (active.desc ? IconArrowDown : IconArrowUp) : IconArrowsSort;
                  return (
                    <Table.Th
                      key={c.key}
                      ta={c.align}
                      w={c.width}
                      aria-sort={active ? (active.desc ? "descending" : "ascending") : undefined}
                    >
                      {sortable ? (
                        <UnstyledButton onClick={() => toggleSort(c.key)} fw={600} fz="sm">
                          <Group gap={4} wrap="nowrap" justify={c.align === "right" ? "flex-end" : undefined}>
                            {c.header}
                            <Icon size={14} aria-hidden="true" style={{ opacity: active ? 1 : 0.4 }} />
                          </Group>
                        </UnstyledButton>
                      ) : (
                        c.header
                      )}
                    </Table.Th>
                  );
                })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: "pointer" } : undefined}
              >
                {columns
                  .filter((c) => c.screen !== false)
                  .map((c) => (
                    <Table.Td key={c.key} ta={c.align}>
                      {c.render ? c.render(row) : (cellValue(c, row) ?? "—")}
                    </Table.Td>
                  ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading && visible.length === 0 ? (
        <Center p="lg">
          <Loader size="sm" role="status" aria-label={kitCopy.loading} />
        </Center>
      ) : visible.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg">
          {props.emptyText ?? kitCopy.table.empty}
        </Text>
      ) : null}
      <Group p="sm" justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {kitCopy.table.range(first, last, count)}
          </Text>
          <Select
            aria-label={kitCopy.table.pageSize}
            size="xs"
            w={80}
            data={pageSizes.map(String)}
            value={String(state.pageSize)}
            onChange={(v) => v && update({ pageSize: Number(v), page: 1 })}
            allowDeselect={false}
          />
        </Group>
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={page}
            onChange={(p) => update({ page: p })}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              "aria-label": control === "previous" ? kitCopy.table.previous : kitCopy.table.next,
            })}
          />
        ) : null}
      </Group>
    </Paper>
  );
}
