import {
  Alert,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { countLabel, formatMoney } from "../../../../domain/format";
import type { CustomerHit } from "../api";
import type { WalkInForm } from "./use-walk-in-form";

function hitLabel(c: CustomerHit) {
  return [c.name, c.last_name].filter(Boolean).join(" ");
}

const creditsOf = (c: CustomerHit) =>
  c.has_unlimited ? "Membresía ilimitada" : countLabel(c.credits, "clase disponible", "clases disponibles");

/** A registered customer by name, email or phone (from two letters), with what they have left. */
export function WalkInSearch({ form }: { form: WalkInForm }) {
  const { text, debounced, hits, picked, setPicked } = form.search;
  return (
    <Stack gap="xs">
      <TextInput
        label="Buscar cliente"
        placeholder="Nombre, correo o teléfono"
        size="md"
        value={text}
        onChange={(e) => form.setSearch(e.currentTarget.value)}
      />
      {picked ? (
        <Alert color="green" variant="light" title="Cliente elegido">
          {hitLabel(picked)} · {creditsOf(picked)}
        </Alert>
      ) : debounced.trim().length >= 2 ? (
        <Stack gap={4} role="list" aria-label="Resultados de la búsqueda">
          {hits.data?.customers.length === 0 ? (
            <Text size="sm">No encontramos clientes con esa búsqueda.</Text>
          ) : null}
          {hits.data?.customers.map((c) => (
            <UnstyledButton
              key={c.customer_id}
              role="listitem"
              onClick={() => setPicked(c)}
              p="sm"
              style={{
                border: "1px solid var(--mantine-color-gray-4)",
                borderRadius: 8,
                minHeight: 48,
              }}
            >
              <Text fw={600}>{hitLabel(c)}</Text>
              <Text size="sm" c="dimmed">
                {[c.phone, c.email].filter(Boolean).join(" · ")} · {creditsOf(c)}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** A new customer: name and phone, optionally last name and email. */
export function WalkInNewCustomer({ form }: { form: WalkInForm }) {
  const n = form.newCustomer;
  return (
    <Stack gap="xs">
      <Group grow align="flex-start">
        <TextInput
          label="Nombre"
          required
          size="md"
          value={n.name}
          onChange={(e) => n.setName(e.currentTarget.value)}
          error={form.field("name")}
        />
        <TextInput
          label="Apellido"
          size="md"
          value={n.lastName}
          onChange={(e) => n.setLastName(e.currentTarget.value)}
        />
      </Group>
      <TextInput
        label="Teléfono"
        required
        size="md"
        inputMode="tel"
        description="10 dígitos"
        value={n.phone}
        onChange={(e) => n.setPhone(e.currentTarget.value)}
        error={form.field("phone")}
      />
      <TextInput
        label="Correo (opcional)"
        size="md"
        type="email"
        value={n.email}
        onChange={(e) => n.setEmail(e.currentTarget.value)}
        error={form.field("email")}
      />
    </Stack>
  );
}

/** A credit of the customer's, or a package paid in cash at the door. */
export function WalkInPayment({ form }: { form: WalkInForm }) {
  const p = form.payment;
  return (
    <>
      <Radio.Group label="Pago" value={p.payment} onChange={(v) => p.setPayment(v as "credit" | "cash")}>
        <Stack gap="xs" mt={6}>
          <Radio value="credit" label="Con una clase disponible del cliente" size="md" />
          <Radio value="cash" label="Pago en efectivo (vender un paquete)" size="md" />
        </Stack>
      </Radio.Group>
      {p.payment === "cash" ? (
        <Group grow align="flex-start">
          <Select
            label="Paquete"
            size="md"
            placeholder="Elige un paquete"
            value={p.packageId}
            onChange={p.pickPackage}
            error={form.field("class_package_id")}
            data={(p.packages.data ?? []).map((pkg) => ({
              value: String(pkg.class_package_id),
              label: `${pkg.title} · ${formatMoney(pkg.sale_price ?? pkg.price)}`,
            }))}
          />
          <NumberInput
            label="Monto recibido"
            size="md"
            min={0}
            decimalScale={2}
            prefix="$"
            value={p.amount}
            onChange={(v) => p.setAmount(v === "" ? "" : Number(v))}
          />
        </Group>
      ) : null}
    </>
  );
}
