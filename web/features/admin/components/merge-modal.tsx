import { Button, Checkbox, Group, Modal, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type CustomerDetail, useCustomerSearch, useMergeCustomer } from "../api";
import { adminCopy } from "../copy";

const c = adminCopy.customers;

type ModalProps = { opened: boolean; onClose: () => void };

const fullName = (r: { name: string; last_name: string | null }) =>
  [r.name, r.last_name].filter(Boolean).join(" ");

/** "Unir con otra cuenta": find the other account, read what happens, confirm. */
export function MergeModal({ detail, opened, onClose }: ModalProps & { detail: CustomerDetail }) {
  const kept = detail.customer;
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 250);
  const search = useCustomerSearch(debounced);
  const merge = useMergeCustomer(kept.customer_id);
  const [otherId, setOtherId] = useState<number | null>(null);
  const [sure, setSure] = useState(false);
  const candidates = (search.data?.customers ?? []).filter(
    (r) => r.customer_id !== kept.customer_id && r.merged_into_id === null,
  );
  const other = candidates.find((r) => r.customer_id === otherId) ?? null;
  const submit = () => {
    if (!other) return;
    merge.mutate(other.customer_id, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onClose();
      },
      onError: notifyError,
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={c.merge} centered radius="md" size="lg">
      <Stack gap="sm">
        <Text size="sm">{c.mergeHint}</Text>
        <TextInput
          label={c.mergeSearch}
          description={c.mergeSearchHint}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setOtherId(null);
            setSure(false);
          }}
          data-autofocus
        />
        <Stack gap={6} role="radiogroup" aria-label={c.mergeSearch}>
          {candidates.map((r) => {
            const chosen = r.customer_id === otherId;
            return (
              <UnstyledButton
                key={r.customer_id}
                role="radio"
                aria-checked={chosen}
                onClick={() => setOtherId(r.customer_id)}
                p="xs"
                style={{
                  borderRadius: 8,
                  border: `1px solid ${chosen ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-gray-4)"}`,
                }}
              >
                <Text size="sm" fw={600}>
                  {fullName(r)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[r.email, r.phone, `#${r.customer_id}`].filter(Boolean).join(" · ")}
                </Text>
              </UnstyledButton>
            );
          })}
        </Stack>
        {other ? (
          <Checkbox
            label={c.mergeConfirm(fullName(other), fullName(kept))}
            checked={sure}
            onChange={(e) => setSure(e.currentTarget.checked)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c.close}
          </Button>
          <Button color="red" onClick={submit} disabled={!other || !sure} loading={merge.isPending}>
            {c.merge}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
