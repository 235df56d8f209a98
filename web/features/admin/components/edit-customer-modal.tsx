import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type CustomerDetail, useUpdateCustomer } from "../api";
import { adminCopy } from "../copy";
import {
  type AddressForm,
  type CustomerForm,
  formErrorsOf,
  formOf,
  hasAddress,
  recordInputOf,
} from "./edit-customer-form";

const c = adminCopy.customers;

type ModalProps = { opened: boolean; onClose: () => void };

/**
 * "Editar cliente": name, last name, email (also the login's), phone, birthdate, instagram and
 * the billing address. Mount it with a key per opening so it starts from the saved record.
 */
export function EditCustomerModal({ detail, opened, onClose }: ModalProps & { detail: CustomerDetail }) {
  const update = useUpdateCustomer(detail.customer.customer_id);
  const [form, setForm] = useState(() => formOf(detail));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Omit<CustomerForm, "address">) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [key]: e.currentTarget.value });
  const setAddress = (key: keyof AddressForm) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, address: { ...form.address, [key]: e.currentTarget.value } });
  const withAddress = hasAddress(form);

  const submit = () =>
    update.mutate(recordInputOf(form), {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onClose();
      },
      onError: (error) => {
        const fields = formErrorsOf(error);
        if (fields) setErrors(fields);
        notifyError(error);
      },
    });

  const err = (key: string) => errors[key];
  return (
    <Modal opened={opened} onClose={onClose} title={c.editTitle} centered radius="md" size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={c.name} value={form.name} onChange={set("name")} required error={err("name")} />
          <TextInput
            label={c.lastName}
            value={form.last_name}
            onChange={set("last_name")}
            error={err("last_name")}
          />
          <TextInput
            label={c.email}
            type="email"
            value={form.email}
            onChange={set("email")}
            required
            error={err("email")}
          />
          <TextInput
            label={c.phone}
            type="tel"
            value={form.phone}
            onChange={set("phone")}
            error={err("phone")}
          />
          <TextInput
            label={c.birthdate}
            type="date"
            value={form.birthdate}
            onChange={set("birthdate")}
            error={err("birthdate")}
          />
          <TextInput
            label={c.instagram}
            value={form.instagram}
            onChange={set("instagram")}
            error={err("instagram")}
          />
        </SimpleGrid>
        <Text fw={600} size="sm" mt="xs">
          {c.address}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={c.street} value={form.address.street} onChange={setAddress("street")} />
          <Group gap="sm" grow>
            <TextInput label={c.number} value={form.address.number} onChange={setAddress("number")} />
            <TextInput
              label={c.interiorNumber}
              value={form.address.interior_number}
              onChange={setAddress("interior_number")}
            />
          </Group>
          <TextInput
            label={c.neighborhood}
            value={form.address.neighborhood}
            onChange={setAddress("neighborhood")}
          />
          <TextInput label={c.zipCode} value={form.address.zip_code} onChange={setAddress("zip_code")} />
          <TextInput
            label={c.city}
            value={form.address.city}
            onChange={setAddress("city")}
            required={withAddress}
            error={err("address_city") ?? err("city")}
          />
          <TextInput
            label={c.state}
            value={form.address.state}
            onChange={setAddress("state")}
            required={withAddress}
            error={err("address_state") ?? err("state")}
          />
          <TextInput
            label={c.country}
            value={form.address.country}
            onChange={setAddress("country")}
            required={withAddress}
            error={err("address_country") ?? err("country")}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {c.close}
          </Button>
          <Button onClick={submit} loading={update.isPending}>
            {c.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
