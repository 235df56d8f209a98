import { Group, NativeSelect, TextInput } from "@mantine/core";
import { useState } from "react";
import type { FacturaFilters } from "../api";
import { facturasCopy as f } from "../copy";

/** The list's filters: status, kind and a range of dates (an end before the start is ignored). */
export function useFacturaFilters() {
  const [status, setStatus] = useState("");
  const [kind, setKind] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const query: FacturaFilters = {
    status: status || undefined,
    kind: kind || undefined,
    from: from || undefined,
    to: to && (!from || to >= from) ? to : undefined,
  };
  return { status, setStatus, kind, setKind, from, setFrom, to, setTo, query };
}

export function FacturaFiltersBar({ filters }: { filters: ReturnType<typeof useFacturaFilters> }) {
  const { status, kind, from, to } = filters;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" component="section" aria-label={f.filters}>
      <NativeSelect
        label={f.status}
        value={status}
        onChange={(e) => filters.setStatus(e.currentTarget.value)}
        data={[
          { value: "", label: f.any },
          ...Object.entries(f.statuses).map(([value, label]) => ({ value, label })),
        ]}
        w={{ base: "calc(50% - 6px)", sm: 150 }}
      />
      <NativeSelect
        label={f.kind}
        value={kind}
        onChange={(e) => filters.setKind(e.currentTarget.value)}
        data={[
          { value: "", label: f.any },
          ...Object.entries(f.kinds).map(([value, label]) => ({ value, label })),
        ]}
        w={{ base: "calc(50% - 6px)", sm: 170 }}
      />
      <TextInput
        type="date"
        label={f.from}
        value={from}
        max={to || undefined}
        onChange={(e) => filters.setFrom(e.currentTarget.value)}
        w={{ base: "calc(50% - 6px)", sm: 160 }}
      />
      <TextInput
        type="date"
        label={f.to}
        value={to}
        min={from || undefined}
        onChange={(e) => filters.setTo(e.currentTarget.value)}
        w={{ base: "calc(50% - 6px)", sm: 160 }}
      />
    </Group>
  );
}
