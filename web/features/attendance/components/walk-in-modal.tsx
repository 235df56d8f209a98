import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { countLabel, formatMoney } from "../../../../domain/format";
import { isApiError } from "../../../lib/api-client";
import { type CustomerHit, useCustomerSearch, useDoorPackages, useWalkIn } from "../api";

type Mode = "existing" | "new";

function hitLabel(c: CustomerHit) {
  return [c.name, c.last_name].filter(Boolean).join(" ");
}

/**
 * "Agregar cliente": someone at the door without a reservation. Either a customer found by name,
 * email or phone, or a new one with name and phone; they use their credit, or pay a package in
 * cash (recorded as a desk sale). The server books past the customer's own rules (decision 0015)
 * and checks them in.
 */
export function WalkInModal({
  classId,
  opened,
  onClose,
}: {
  classId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<Mode>("existing");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<CustomerHit | null>(null);
  const [name, setName] = useState("");
  const [lastName, setLastName] = useState("");
  const [phone, setPhone] = useState("");
  const [email, setEmail] = useState("");
  const [payment, setPayment] = useState<"credit" | "cash">("credit");
  const [packageId, setPackageId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | "">("");
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const hits = useCustomerSearch(debounced);
  const packages = useDoorPackages(opened && payment === "cash");
  const walkIn = useWalkIn(classId);

  const reset = () => {
    setSearch("");
    setPicked(null);
    setName("");
    setLastName("");
    setPhone("");
    setEmail("");
    setPayment("credit");
    setPackageId(null);
    setAmount("");
    setError(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pickPackage = (id: string | null) => {
    setPackageId(id);
    const pkg = packages.data?.find((p) => String(p.class_package_id) === id);
    setAmount(pkg ? Number(pkg.sale_price ?? pkg.price) : "");
  };

  const submit = () => {
    setError(null);
    walkIn.mutate(
      {
        ...(mode === "existing"
          ? { customer_id: picked?.customer_id }
          : {
              customer: {
                name: name.trim(),
                last_name: lastName.trim() || undefined,
                phone: phone.replace(/\D/g, ""),
                email: email.trim() || undefined,
              },
            }),
        payment,
        ...(payment === "cash"
          ? {
              class_package_id: packageId ? Number(packageId) : undefined,
              amount: amount === "" ? undefined : amount,
            }
          : {}),
      },
      {
        onSuccess: close,
        onError: (e) =>
          setError({
            message: isApiError(e) ? e.message : "No pudimos agregar al cliente. Inténtalo de nuevo.",
            fields: isApiError(e) ? (e.fields ?? {}) : {},
          }),
      },
    );
  };

  const field = (key: string) => error?.fields[key] ?? error?.fields[`customer.${key}`];

  return (
    <Modal opened={opened} onClose={close} title="Agregar cliente a la clase" size="lg">
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          size="md"
          value={mode}
          onChange={(v) => setMode(v as Mode)}
          data={[
            { value: "existing", label: "Cliente registrado" },
            { value: "new", label: "Cliente nuevo" },
          ]}
          aria-label="Tipo de cliente"
        />
        {mode === "existing" ? (
          <Stack gap="xs">
            <TextInput
              label="Buscar cliente"
              placeholder="Nombre, correo o teléfono"
              size="md"
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPicked(null);
              }}
            />
            {picked ? (
              <Alert color="green" variant="light" title="Cliente elegido">
                {hitLabel(picked)} ·{" "}
                {picked.has_unlimited
                  ? "Membresía ilimitada"
                  : countLabel(picked.credits, "clase disponible", "clases disponibles")}
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
                      {[c.phone, c.email].filter(Boolean).join(" · ")} ·{" "}
                      {c.has_unlimited
                        ? "Membresía ilimitada"
                        : countLabel(c.credits, "clase disponible", "clases disponibles")}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            ) : null}
          </Stack>
        ) : (
          <Stack gap="xs">
            <Group grow align="flex-start">
              <TextInput
                label="Nombre"
                required
                size="md"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={field("name")}
              />
              <TextInput
                label="Apellido"
                size="md"
                value={lastName}
                onChange={(e) => setLastName(e.currentTarget.value)}
              />
            </Group>
            <TextInput
              label="Teléfono"
              required
              size="md"
              inputMode="tel"
              description="10 dígitos"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={field("phone")}
            />
            <TextInput
              label="Correo (opcional)"
              size="md"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={field("email")}
            />
          </Stack>
        )}
        <Radio.Group label="Pago" value={payment} onChange={(v) => setPayment(v as "credit" | "cash")}>
          <Stack gap="xs" mt={6}>
            <Radio value="credit" label="Con una clase disponible del cliente" size="md" />
            <Radio value="cash" label="Pago en efectivo (vender un paquete)" size="md" />
          </Stack>
        </Radio.Group>
        {payment === "cash" ? (
          <Group grow align="flex-start">
            <Select
              label="Paquete"
              size="md"
              placeholder="Elige un paquete"
              value={packageId}
              onChange={pickPackage}
              error={field("class_package_id")}
              data={(packages.data ?? []).map((p) => ({
                value: String(p.class_package_id),
                label: `${p.title} · ${formatMoney(p.sale_price ?? p.price)}`,
              }))}
            />
            <NumberInput
              label="Monto recibido"
              size="md"
              min={0}
              decimalScale={2}
              prefix="$"
              value={amount}
              onChange={(v) => setAmount(v === "" ? "" : Number(v))}
            />
          </Group>
        ) : null}
        {error ? <Alert color="red">{error.message}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={close}>
            Cancelar
          </Button>
          <Button
            size="md"
            onClick={submit}
            loading={walkIn.isPending}
            disabled={mode === "existing" && !picked}
          >
            Agregar a la clase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
