import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/** A column of a drill list: its heading, its cell, and whether it holds a figure (right-aligned). */
export type DrillColumn<R> = { label: string; cell: (row: R) => ReactNode; numeric?: boolean };

/** One page of the rows behind a figure, striped, scrolling sideways on a phone. */
export function DrillTable<R>({
  rows,
  columns,
  rowKey,
  minWidth,
}: {
  rows: R[];
  columns: DrillColumn<R>[];
  rowKey: (row: R) => string | number;
  minWidth: number;
}) {
  const align = (col: DrillColumn<R>) => (col.numeric ? "right" : undefined);
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((col) => (
              <Table.Th key={col.label} ta={align(col)}>
                {col.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((col) => (
                <Table.Td key={col.label} ta={align(col)}>
                  {col.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
