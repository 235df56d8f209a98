import { Alert, Button, Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";
import {
  type AdminColumn,
  AdminTable,
  type TableSort,
  type TableState,
} from "../../../components/admin/admin-table";
import { kitCopy } from "../../../components/admin/copy";
import type { Query } from "../../../lib/api-client";
import { fetchAllRows, type ListPage, type ListPath, useAdminList } from "../api";

export type ListTableProps<R, P extends ListPage<R> = ListPage<R>> = {
  path: ListPath;
  filters: Query;
  columns: AdminColumn<R>[];
  rowKey: (row: R) => string | number;
  caption: string;
  exportFilename: string;
  initialSort: TableSort;
  searchPlaceholder: string;
  /** Shown above the table with the current answer (e.g. the totals of the filtered set). */
  header?: (data: P | undefined) => ReactNode;
  emptyText?: string;
  minWidth?: number;
};

/**
 * The back office's table (features/admin) in server mode over one admin list: the API pages,
 * sorts (column keys are the API's sort keys) and searches; the CSV export walks every page of
 * the filtered list. A change of filters starts again from the first page.
 */
export function ListTable<R, P extends ListPage<R> = ListPage<R>>(props: ListTableProps<R, P>) {
  const filtersKey = JSON.stringify(props.filters);
  const [saved, setSaved] = useState<TableState & { filtersKey: string }>({
    page: 1,
    pageSize: 25,
    sort: props.initialSort,
    search: "",
    filtersKey,
  });
  // New filters: same sort, search and page size, back to page 1 (the table remounts with it).
  const state: TableState = saved.filtersKey === filtersKey ? saved : { ...saved, page: 1 };
  const { data, isFetching, error, refetch } = useAdminList<P>(props.path, state, props.filters);

  return (
    <Stack gap="sm">
      {props.header?.(data)}
      {error ? (
        <Alert color="red" title={kitCopy.error}>
          <Stack gap="xs" align="flex-start">
            {error.message}
            <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
              {kitCopy.retry}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <AdminTable
        key={filtersKey}
        caption={props.caption}
        exportFilename={props.exportFilename}
        columns={props.columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        rowKey={props.rowKey}
        initialState={state}
        onStateChange={(next) => setSaved({ ...next, filtersKey })}
        exportRows={() => fetchAllRows<R>(props.path, state, props.filters)}
        loading={isFetching}
        searchPlaceholder={props.searchPlaceholder}
        emptyText={props.emptyText}
        minWidth={props.minWidth}
      />
    </Stack>
  );
}
