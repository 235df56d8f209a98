import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { addressSchema } from "../../../../domain/customers";
import { messages } from "../../../../domain/messages";
import { formMessage, issueErrors, useFieldErrors } from "../../../lib/field-errors";
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

/** 'Dirección de Facturación' card with edit and save (docs/product-rules.md#profile). */
export function AddressCard({ address }: { address: Profile["address"] }) {
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(() => emptyForm(address));
  const { ref, errors, show, showApi, clear } = useFieldErrors();
  const save = useSaveAddress();
  const formError = formMessage(save.error);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    save.reset();
    const parsed = addressSchema.safeParse(form);
    if (show(parsed.success ? {} : issueErrors(parsed.error.issues)) || !parsed.success) return;
    save.mutate(
      { ...parsed.data, address_id: address?.address_id },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: messages.addressSaved, autoClose: 3000 });
          setEditing(false);
        },
        onError: (err) => showApi(err),
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
                show({});
                save.reset();
                setEditing(true);
              }}
            >
              {c.edit}
            </Button>
          ) : null}
        </Group>
        {editing ? (
          <form ref={ref} onSubmit={submit} noValidate>
            <Stack gap="sm">
              {formError ? (
                <Alert color="red" role="alert">
                  {formError}
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
                      clear(key);
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
