import { Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { customerRow, quickSearchAnswer } from "../../../domain/api/admin-customers";
import { api } from "../../lib/api-client";
import { adminKitKeys } from "./query-keys";

export type PickedCustomer = z.input<typeof customerRow>;

const fullName = (r: { name: string; last_name: string | null }) =>
  [r.name, r.last_name].filter(Boolean).join(" ");

/**
 * The desk's customer search for a form (the counter sale, decision 0127): ten best matches of
 * /customer/query by name, email or phone; a chosen customer shows as a line with «Quitar».
 * The other desk searches (walk-in, merge) read the same route.
 */
export function CustomerPicker({
  label,
  description,
  noneText,
  clearText,
  value,
  onChange,
}: {
  label: string;
  description: string;
  noneText: string;
  clearText: string;
  value: PickedCustomer | null;
  onChange: (c: PickedCustomer | null) => void;
}) {
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 250);
  const hits = useQuery({
    queryKey: adminKitKeys.customerSearch(debounced),
    enabled: value === null && debounced.trim().length >= 2,
    queryFn: ({ signal }) =>
      api.get<z.input<typeof quickSearchAnswer>>("/customer/query", {
        signal,
        query: { query: debounced },
      }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  if (value)
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Paper withBorder radius="md" p="xs" data-testid="picked-customer">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {fullName(value)}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[value.email, value.phone].filter(Boolean).join(" · ")}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                onChange(null);
                setQuery("");
              }}
            >
              {clearText}
            </Button>
          </Group>
        </Paper>
      </Stack>
    );
  const list = (hits.data?.customers ?? []).filter(
    (r) => r.merged_into_id === null && r.deactivatedAt === null,
  );
  const searching = debounced.trim().length >= 2;
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        rightSection={hits.isFetching ? <Loader size="xs" aria-hidden /> : null}
        maxLength={80}
        autoComplete="off"
      />
      {searching && hits.isSuccess && list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {noneText}
        </Text>
      ) : null}
      {searching && list.length > 0 ? (
        <Stack gap={4} role="listbox" aria-label={label}>
          {list.map((r) => (
            <UnstyledButton
              key={r.customer_id}
              role="option"
              aria-selected={false}
              onClick={() => onChange(r)}
              p="xs"
              style={{
                borderRadius: 8,
                border: "1px solid var(--mantine-color-gray-4)",
              }}
            >
              <Text size="sm" fw={600}>
                {fullName(r)}
              </Text>
              <Text size="xs" c="dimmed">
                {[r.email, r.phone].filter(Boolean).join(" · ")}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
