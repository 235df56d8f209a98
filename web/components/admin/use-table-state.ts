import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { searchAndSort } from "./table-rows";
import type { AdminTableProps, TableSort, TableState } from "./table-types";

/**
 * The table's page, page size, sort and search. Client mode searches, sorts and pages `rows`
 * here; server mode hands every change to `onStateChange` (the search debounced) and shows `rows`.
 */
export function useTableState<T>(props: AdminTableProps<T>) {
  const { columns, rows, total, onStateChange } = props;
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

  const processed = useMemo(
    () => (server ? rows : searchAndSort(rows, columns, { search: state.search, sort: state.sort })),
    [server, rows, columns, state.search, state.sort],
  );

  const count = server ? (total ?? 0) : processed.length;
  const pages = Math.max(1, Math.ceil(count / state.pageSize));
  const page = Math.min(state.page, pages);
  const visible = server ? processed : processed.slice((page - 1) * state.pageSize, page * state.pageSize);

  /** Ascending, then descending, then unsorted. */
  const toggleSort = (key: string) => {
    const current = state.sort;
    const sort: TableSort =
      current?.key !== key ? { key, desc: false } : current.desc ? null : { key, desc: true };
    update({ sort, page: 1 });
  };

  return {
    state,
    update,
    toggleSort,
    searchText,
    setSearchText,
    server,
    processed,
    visible,
    count,
    pages,
    page,
    first: count === 0 ? 0 : (page - 1) * state.pageSize + 1,
    last: Math.min(count, page * state.pageSize),
  };
}

export type TableView<T> = ReturnType<typeof useTableState<T>>;
