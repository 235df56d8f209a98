import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { addressSchema } from "../../../../domain/customers";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { type Profile, useSaveAddress } from "../api";
import { customersCopy as c } from "../copy";

const FIELDS = [
  ["street", c.street, false],
  ["number", c.number, false],
  ["interior_number", c.interior, false],
  ["neighborhood", c.neighborhood, false],
  ["city", c.city, true],
  ["state", c.state, true],
  ["country", c.country, true],
  ["zip_code", c.zip, false],
] as const;
type Key = (typeof FIELDS)[number][0];

function emptyForm(address: Profile["address"]): Record<Key, string> {
  return Object.fromEntries(FIELDS.map(([k]) => [k, address?.[k] ?? ""])) as Record<Key, string>;
}

/** 'Dirección de Facturación' card with edit and save (seed 000 §2). */
export function AddressCard({ address }: { address: Profile["address"] }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(() => emptyForm(address));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveAddress();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = addressSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { ...parsed.data, address_id: address?.address_id },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: messages.addressSaved, autoClose: 3000 });
          setEditing(false);
        },
      },
    );
  }

  const line = address
    ? [
        [address.street, address.number, address.interior_number && `Int. ${address.interior_number}`]
          .filter(Boolean)
          .join(" "),
        address.neighborhood,
        [address.zip_code, address.city].filter(Boolean).join(" "),
        [address.state, address.country].filter(Boolean).join(", "),
      ]
        .filter(Boolean)
        .join(", ")
    : null;

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {c.addressTitle}
          </Title>
          {!editing ? (
            <Button
              variant="light"
              onClick={() => {
                setForm(emptyForm(address));
                setEditing(true);
              }}
            >
              {c.edit}
            </Button>
          ) : null}
        </Group>
        {editing ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {save.error ? (
                <Alert color="red" role="alert">
                  {isApiError(save.error) ? save.error.message : String(save.error)}
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {FIELDS.map(([key, label, required]) => (
                  <TextInput
                    key={key}
                    label={label}
                    required={required}
                    value={form[key]}
                    error={errors[key]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setForm((f) => ({ ...f, [key]: value }));
                    }}
                  />
                ))}
              </SimpleGrid>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(false)}>
                  {c.cancel}
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {c.save}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text c={line ? undefined : "dimmed"}>{line ?? c.noAddress}</Text>
        )}
      </Stack>
    </Paper>
  );
}
