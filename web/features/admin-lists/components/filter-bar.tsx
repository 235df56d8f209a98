import { Button, Group, Paper, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { listsCopy } from "../copy";

/** The filters of a list, above its table (wrapping onto several lines on a phone). */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={label}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

export type DayRange = { from: string; to: string };

/** Two studio days ("AAAA-MM-DD", inclusive); the browser's own date picker on every device. */
export function DateRangeFilter({
  value,
  onChange,
  clearable,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  clearable?: boolean;
}) {
  const c = listsCopy.range;
  return (
    <>
      <TextInput
        type="date"
        label={c.from}
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
        w={{ base: "calc(50% - 6px)", xs: 170 }}
      />
      <TextInput
        type="date"
        label={c.to}
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
        w={{ base: "calc(50% - 6px)", xs: 170 }}
      />
      {clearable && (value.from || value.to) ? (
        <Button variant="subtle" onClick={() => onChange({ from: "", to: "" })}>
          {c.clear}
        </Button>
      ) : null}
    </>
  );
}

/** Drops a from/to pair the API would refuse (end before start) instead of sending it. */
export function rangeQuery(range: DayRange) {
  if (range.from && range.to && range.to < range.from) return { from: range.from };
  return { from: range.from || undefined, to: range.to || undefined };
}
