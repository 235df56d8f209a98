import { Group, Pagination, Select, Text } from "@mantine/core";
import { kitCopy } from "./copy";
import type { TableView } from "./use-table-state";

/** "1–25 de 120", the page size and, with more than one page, the pages. */
export function TableFooter({ view, pageSizes }: { view: TableView<unknown>; pageSizes: number[] }) {
  return (
    <Group p="sm" justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite">
          {kitCopy.table.range(view.first, view.last, view.count)}
        </Text>
        <Select
          aria-label={kitCopy.table.pageSize}
          size="xs"
          w={80}
          data={pageSizes.map(String)}
          value={String(view.state.pageSize)}
          onChange={(v) => v && view.update({ pageSize: Number(v), page: 1 })}
          allowDeselect={false}
        />
      </Group>
      {view.pages > 1 ? (
        <Pagination
          total={view.pages}
          value={view.page}
          onChange={(p) => view.update({ page: p })}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({
            "aria-label": control === "previous" ? kitCopy.table.previous : kitCopy.table.next,
          })}
        />
      ) : null}
    </Group>
  );
}
