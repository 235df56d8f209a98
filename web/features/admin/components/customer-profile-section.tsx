import { Button, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { formatBirthdate, formatDate } from "../../../../domain/format";
import type { CustomerDetail } from "../api";
import { adminCopy } from "../copy";
import { Field, Section } from "./customer-section";
import { EditCustomerModal } from "./edit-customer-modal";
import { TagsEditor } from "./tags-editor";

const c = adminCopy.customers;

/** "Calle 12 int. 3, Roma, C.P. 06700, CDMX, …": the parts the customer filled in, in order. */
export function addressText(address: CustomerDetail["address"]): string {
  if (!address) return "";
  const street = [
    address.street,
    address.number,
    address.interior_number ? `int. ${address.interior_number}` : null,
  ]
    .filter(Boolean)
    .join(" ");
  return [
    street,
    address.neighborhood,
    address.zip_code ? `C.P. ${address.zip_code}` : null,
    address.city,
    address.state,
    address.country,
  ]
    .filter(Boolean)
    .join(", ");
}

/** A sign-up form answer as text: lists joined, yes/no in Spanish. */
export function answerText(value: unknown): string {
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (value && typeof value === "object") return Object.values(value).filter(Boolean).join(", ");
  return String(value ?? "");
}

/** "Perfil": contact data, tags and the sign-up form's answers, with the edit dialog. */
export function CustomerProfileSection({ detail, timeZone }: { detail: CustomerDetail; timeZone: string }) {
  const { customer } = detail;
  const [editOpen, edit] = useDisclosure(false);
  // A fresh edit form per opening: it starts from the record as saved.
  const [editKey, setEditKey] = useState(0);
  return (
    <Section
      title={c.profile}
      action={
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden="true" />}
          onClick={() => {
            setEditKey((k) => k + 1);
            edit.open();
          }}
        >
          {c.edit}
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label={c.email} value={<span style={{ overflowWrap: "anywhere" }}>{customer.email}</span>} />
        <Field label={c.phone} value={customer.phone} />
        <Field label={c.birthdate} value={formatBirthdate(customer.birthdate)} />
        <Field label={c.instagram} value={customer.instagram} />
        <Field label={c.since} value={formatDate(customer.createdAt, timeZone)} />
        <Field label={c.address} value={addressText(detail.address)} />
      </SimpleGrid>
      <Stack mt="md" gap={0}>
        <TagsEditor key={customer.tags.join("|")} customerId={customer.customer_id} tags={customer.tags} />
      </Stack>
      <Title order={3} fz="sm" mt="md" mb="xs">
        {c.formAnswers}
      </Title>
      {detail.form_answers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {c.noAnswers}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {detail.form_answers.map((a) => (
            <Field key={a.key} label={a.label} value={answerText(a.value)} />
          ))}
        </SimpleGrid>
      )}
      <EditCustomerModal key={editKey} detail={detail} opened={editOpen} onClose={edit.close} />
    </Section>
  );
}
