import { Group, Table, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { AdminColumn, TableSort } from "./table-types";

/** The column headings; a sortable one is a button that shows (and says) the current order. */
export function TableHeader<T>({
  columns,
  sort,
  onSort,
}: {
  columns: AdminColumn<T>[];
  sort: TableSort;
  onSort: (key: string) => void;
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => {
          const sortable = c.sortable ?? Boolean(c.value);
          const active = sort?.key === c.key ? sort : null;
          const Icon = active ? (active.desc ? IconArrowDown : IconArrowUp) : IconArrowsSort;
          return (
            <Table.Th
              key={c.key}
              ta={c.align}
              w={c.width}
              aria-sort={active ? (active.desc ? "descending" : "ascending") : undefined}
            >
              {sortable ? (
                <UnstyledButton onClick={() => onSort(c.key)} fw={600} fz="sm">
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
  );
}
