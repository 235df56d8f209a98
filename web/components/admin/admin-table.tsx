import { Button, Center, Group, Loader, Paper, Table, Text, TextInput } from "@mantine/core";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { staffMayExport, staffRoleOf } from "../../../domain/staff";
import { useCurrentUser } from "../../lib/session";
import { kitCopy } from "./copy";
import { downloadCsv, toCsv } from "./csv";
import { TableFooter } from "./table-footer";
import { TableHeader } from "./table-header";
import { cellValue } from "./table-rows";
import type { AdminTableProps } from "./table-types";
import { type TableView, useTableState } from "./use-table-state";

/**
 * The one table of the back office. Client mode (give `rows`): search, sort and paging happen
 * here over every row. Server mode (also give `total` and `onStateChange`): `rows` is the current
 * page and every change of page, sort or (debounced) search is handed to the caller to fetch.
 * Both export CSV built in the browser: client mode exports every filtered row in the shown order;
 * server mode exports what `exportRows()` returns (e.g. all pages), or the current page.
 */

export { fold } from "./table-rows";
export type { AdminColumn, AdminTableProps, TableSort, TableState } from "./table-types";

export function AdminTable<T>(props: AdminTableProps<T>) {
  const { columns, rowKey, caption, loading, onRowClick, toolbar, pageSizes = [10, 25, 50, 100] } = props;
  const view = useTableState(props);
  const { visible } = view;
  const shown = columns.filter((c) => c.screen !== false);

  return (
    <Paper withBorder radius="md">
      <Group p="sm" gap="sm" justify="space-between" wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: "1 1 260px" }}>
          <TextInput
            aria-label={kitCopy.table.searchIn(caption)}
            placeholder={props.searchPlaceholder ?? kitCopy.table.search}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={view.searchText}
            onChange={(e) => view.setSearchText(e.currentTarget.value)}
            style={{ flex: "1 1 220px", maxWidth: 420 }}
            type="search"
          />
          {toolbar}
        </Group>
        <ExportButton props={props} view={view} />
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
          <TableHeader columns={shown} sort={view.state.sort} onSort={view.toggleSort} />
          <Table.Tbody>
            {visible.map((row) => (
              <Table.Tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: "pointer" } : undefined}
              >
                {shown.map((c) => (
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
      <TableFooter view={view} pageSizes={pageSizes} />
    </Paper>
  );
}

/**
 * "Exportar CSV": client mode every filtered row in the shown order, server mode `exportRows()`
 * (or the page). The front desk exports nothing (decision 0031: no exports for that role).
 */
function ExportButton<T>({ props, view }: { props: AdminTableProps<T>; view: TableView<T> }) {
  const canExport = staffMayExport(staffRoleOf(useCurrentUser().data?.staff_role) ?? "owner");
  const [exporting, setExporting] = useState(false);
  if (!canExport) return null;
  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = view.server && props.exportRows ? await props.exportRows() : view.processed;
      const exported = props.columns.filter((c) => c.csv !== false && c.value);
      const csv = toCsv(
        exported.map((c) => c.header),
        all.map((row) => exported.map((c) => cellValue(c, row))),
      );
      downloadCsv(props.exportFilename ?? props.caption, csv);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      onClick={() => void exportCsv()}
      loading={exporting}
      disabled={view.count === 0}
    >
      {kitCopy.table.exportCsv}
    </Button>
  );
}
