import { Group, Paper, Table, Text, Title, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { monthYearLabel } from "../../../../domain/format";
import { reportsCopy } from "../copy";

const c = reportsCopy;

/** "2022-10" → "octubre de 2022". */
export function monthLabel(key: string): string {
  const [y, m] = key.split("-").map(Number);
  return y && m ? monthYearLabel(y, m) : key;
}

/** "42.5 %" or "—" when there was nothing to divide. */
export function pct(value: number | null): string {
  return value === null ? c.none : `${value.toLocaleString("es-MX")} %`;
}

/** A figure that opens the rows behind it. */
export function Stat({
  label,
  value,
  detail,
  onOpen,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  onOpen?: () => void;
}) {
  const body = (
    <Paper withBorder radius="md" p="md" h="100%">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.3}>
        {value}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
      {onOpen ? <VisuallyHidden>{c.open}</VisuallyHidden> : null}
    </Paper>
  );
  // The name read out is what the card shows, then "Ver detalle" (WCAG 2.5.3: label in name).
  return onOpen ? (
    <UnstyledButton onClick={onOpen} style={{ display: "block", height: "100%" }}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
}

export function Section({ title, children, hint }: { title: string; children: ReactNode; hint?: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="md" mb={hint ? 4 : "sm"}>
        {title}
      </Title>
      {hint ? (
        <Text size="xs" c="dimmed" mb="sm">
          {hint}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

export type Column<R> = { label: string; value: (row: R) => ReactNode; numeric?: boolean };

/** A table whose first cell opens the rows behind its line. */
export function GroupTable<R>({
  rows,
  columns,
  name,
  onOpen,
  caption,
}: {
  rows: R[];
  columns: Column<R>[];
  name: (row: R) => string;
  onOpen: (row: R) => void;
  caption: string;
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {c.empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((col, i) => (
              <Table.Th key={col.label} ta={col.numeric && i > 0 ? "right" : undefined}>
                {col.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={name(row)}>
              {columns.map((col, i) => (
                <Table.Td key={col.label} ta={col.numeric && i > 0 ? "right" : undefined}>
                  {i === 0 ? (
                    <UnstyledButton onClick={() => onOpen(row)} c="brand.8" fz="sm" td="underline">
                      {col.value(row)}
                      <VisuallyHidden>{`: ${c.open}`}</VisuallyHidden>
                    </UnstyledButton>
                  ) : (
                    col.value(row)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function Help({ children }: { children: ReactNode }) {
  return (
    <Group>
      <Text size="xs" c="dimmed" maw={900}>
        {children}
      </Text>
    </Group>
  );
}
