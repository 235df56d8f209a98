import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import type {
  CreditBucket as Bucket,
  creditsAnswer,
  Penalty,
  penaltiesAnswer,
} from "../../../../domain/api/credits";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatDate } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { api, isApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";

/**
 * The back office's hand on a customer's credits and penalties (decision 0020): every credit bucket
 * (also spent and expired ones) with its amount, expiry and class types to adjust, add or delete,
 * and the penalties to add or lift. Each change goes through the contract's resources
 * (/api/available_classes, /api/class_reservation_penaltys), which audit it with before and after.
 */

type Message = { message: string };

const keys = {
  buckets: (id: number) => ["admin", "customer", id, "buckets"] as const,
  penalties: (id: number) => ["admin", "customer", id, "penalties"] as const,
};

function useCustomerBuckets(customerId: number) {
  return useQuery({
    queryKey: keys.buckets(customerId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof creditsAnswer>>("/available_classes", {
        query: { customer_id: customerId },
        signal,
      }),
  });
}

function useCustomerPenalties(customerId: number) {
  return useQuery({
    queryKey: keys.penalties(customerId),
    queryFn: ({ signal }) =>
      api.get<z.input<typeof penaltiesAnswer>>("/class_reservation_penaltys", {
        query: { customer_id: customerId },
        signal,
      }),
  });
}

function useClassTypeOptions() {
  return useQuery({
    queryKey: ["admin", "class_types", "options"],
    queryFn: ({ signal }) =>
      api.get<{ class_types: { class_type_id: number; name: string }[] }>("/admin/class_types", { signal }),
    select: (data) => data.class_types.map((c) => ({ value: String(c.class_type_id), label: c.name })),
    staleTime: 60_000,
  });
}

/** Every change refreshes the customer's whole page (its credit summary too) and the Bitácora. */
function useChange<I>(customerId: number, run: (input: I) => Promise<Message>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (res) => {
      notifySuccess(res.message);
      void client.invalidateQueries({ queryKey: ["admin", "customer", customerId] });
      void client.invalidateQueries({ queryKey: ["admin", "customers"] });
      void client.invalidateQueries({ queryKey: ["admin", "audit"] });
    },
  });
}

/** Field errors the API sent (`fields`), to show next to each input. */
function fieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) && error.fields ? error.fields : {};
}

type BucketForm = {
  unlimited: boolean;
  amount: number | string;
  expiry: string;
  classTypes: string[];
  times: string;
};

export function CustomerCreditsPanel({ customerId }: { customerId: number }) {
  const config = useAppConfig();
  const tz = config.timezone;
  const buckets = useCustomerBuckets(customerId).data?.available_classes ?? [];
  const penalties = useCustomerPenalties(customerId).data?.class_reservation_penaltys ?? [];
  const [editing, setEditing] = useState<Bucket | "new" | null>(null);
  const [deleting, setDeleting] = useState<Bucket | null>(null);
  const [addingPenalty, setAddingPenalty] = useState(false);
  const [lifting, setLifting] = useState<Penalty | null>(null);
  const remove = useChange(customerId, (id: number) => api.delete<Message>(`/available_classes/${id}`));
  // The desk lifts penalties (PUT .../lift); deleting credits is the manager's (decision 0069).
  const lift = useChange(customerId, (id: number) =>
    api.put<Message>(`/class_reservation_penaltys/${id}/lift`),
  );
  const can = useStaffCan();
  const now = Date.now();

  const penaltyState = (p: Penalty) =>
    p.active
      ? { label: "Activa", color: "red" }
      : p.lifted_at
        ? { label: "Levantada", color: "gray" }
        : new Date(p.start_date).getTime() > now
          ? { label: "Programada", color: "yellow" }
          : { label: "Terminada", color: "gray" };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Ajustar créditos y penalizaciones">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg">
            Ajustar créditos y penalizaciones
          </Title>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              onClick={() => setEditing("new")}
            >
              Agregar créditos
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconPlus size={14} aria-hidden="true" />}
              onClick={() => setAddingPenalty(true)}
            >
              Agregar penalización
            </Button>
          </Group>
        </Group>

        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" data-testid="credit-buckets">
            <Table.Caption>Paquetes de créditos (también los agotados y vencidos)</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Clases</Table.Th>
                <Table.Th>Tipos de clase</Table.Th>
                <Table.Th>Horarios</Table.Th>
                <Table.Th>Vence</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {buckets.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed">
                      Este cliente no tiene créditos.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {buckets.map((b) => {
                const expired = b.expiration_date !== null && new Date(b.expiration_date).getTime() <= now;
                return (
                  <Table.Tr key={b.available_class_id} data-testid="credit-bucket">
                    <Table.Td fw={600}>
                      {b.available_classes === -1 ? "Ilimitadas" : b.available_classes}
                    </Table.Td>
                    <Table.Td>{b.class_type_names.join(", ") || "Todas"}</Table.Td>
                    <Table.Td>{b.allowed_times?.split(",").join(", ") || "Cualquiera"}</Table.Td>
                    <Table.Td>
                      {b.expiration_date ? formatDate(b.expiration_date, tz) : "Sin vencimiento"}
                      {expired ? (
                        <Badge ml={6} size="xs" color="gray" variant="light">
                          Vencido
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          leftSection={<IconPencil size={14} aria-hidden="true" />}
                          onClick={() => setEditing(b)}
                        >
                          Ajustar
                        </Button>
                        {can("deleteCredits") ? (
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={`Eliminar ${b.available_classes === -1 ? "ilimitadas" : `${b.available_classes} clases`}`}
                            onClick={() => setDeleting(b)}
                          >
                            <IconTrash size={14} aria-hidden="true" />
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>

        <Stack gap={6}>
          <Title order={3} fz="sm">
            Penalizaciones
          </Title>
          {penalties.length === 0 ? (
            <Text size="sm" c="dimmed">
              Sin penalizaciones.
            </Text>
          ) : (
            penalties.map((p) => {
              const state = penaltyState(p);
              return (
                <Group key={p.class_reservation_penalty_id} justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="xs">
                    <Badge color={state.color} variant="light" tt="none">
                      {state.label}
                    </Badge>
                    <Text size="sm">
                      {formatDate(p.start_date, tz)} – {formatDate(p.end_date, tz)} ·{" "}
                      {p.no_shows === 1 ? "1 inasistencia" : `${p.no_shows} inasistencias`}
                    </Text>
                  </Group>
                  {p.active ? (
                    <Button size="compact-sm" variant="light" onClick={() => setLifting(p)}>
                      Levantar
                    </Button>
                  ) : null}
                </Group>
              );
            })
          )}
        </Stack>
      </Stack>

      {editing ? (
        <BucketModal
          key={editing === "new" ? "new" : editing.available_class_id}
          customerId={customerId}
          bucket={editing === "new" ? null : editing}
          timeZone={tz}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {addingPenalty ? (
        <PenaltyModal customerId={customerId} timeZone={tz} onClose={() => setAddingPenalty(false)} />
      ) : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Precaución" centered>
        <Stack>
          <Text size="sm">
            ¿Eliminar este paquete de créditos? Las clases que quedan en él dejan de estar disponibles para el
            cliente.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Regresar
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(deleting.available_class_id, {
                  onSuccess: () => setDeleting(null),
                  onError: notifyError,
                })
              }
            >
              Eliminar
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={lifting !== null}
        onClose={() => setLifting(null)}
        title="Levantar penalización"
        centered
      >
        <Stack>
          <Text size="sm">El cliente podrá volver a reservar de inmediato.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLifting(null)}>
              Regresar
            </Button>
            <Button
              loading={lift.isPending}
              onClick={() =>
                lifting &&
                lift.mutate(lifting.class_reservation_penalty_id, {
                  onSuccess: () => setLifting(null),
                  onError: notifyError,
                })
              }
            >
              Levantar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function BucketModal({
  customerId,
  bucket,
  timeZone,
  onClose,
}: {
  customerId: number;
  bucket: Bucket | null;
  timeZone: string;
  onClose: () => void;
}) {
  const types = useClassTypeOptions().data ?? [];
  const initialTypes = [
    ...(bucket?.class_type_id ? [String(bucket.class_type_id)] : []),
    ...(bucket?.class_types ?? "").split(",").filter(Boolean),
  ];
  const [form, setForm] = useState<BucketForm>({
    unlimited: bucket?.available_classes === -1,
    amount: bucket && bucket.available_classes >= 0 ? bucket.available_classes : 1,
    expiry: bucket?.expiration_date
      ? localDay(bucket.expiration_date, timeZone)
      : bucket
        ? ""
        : addLocalDays(localDay(new Date(), timeZone), 30),
    classTypes: [...new Set(initialTypes)],
    times: bucket?.allowed_times ?? "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChange(customerId, (body: Record<string, unknown>) =>
    bucket ? api.put<Message>("/available_classes", body) : api.post<Message>("/available_classes", body),
  );
  // Editing a field clears the errors: they describe the values that were sent.
  const set = (patch: Partial<BucketForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(form.amount);
    if (!form.unlimited && (form.amount === "" || !Number.isInteger(amount) || amount < 0)) {
      setErrors({ available_classes: "Escribe un número de clases (0 o más)." });
      return;
    }
    const body = {
      ...(bucket ? { available_class_id: bucket.available_class_id } : { customer_id: customerId }),
      available_classes: form.unlimited ? -1 : amount,
      expiration_date: form.expiry || null,
      class_type_id: null,
      class_types: form.classTypes.map(Number),
      allowed_times: form.times.trim() || null,
    };
    save.mutate(body, {
      onSuccess: onClose,
      onError: (error) => {
        setErrors(fieldErrors(error));
        notifyError(error);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={bucket ? "Ajustar créditos" : "Agregar créditos"} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Checkbox
            label="Clases ilimitadas"
            checked={form.unlimited}
            onChange={(e) => set({ unlimited: e.currentTarget.checked })}
          />
          {form.unlimited ? null : (
            <NumberInput
              label="Clases disponibles"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={form.amount}
              onChange={(value) => set({ amount: value })}
              error={errors.available_classes}
              data-autofocus
            />
          )}
          <TextInput
            type="date"
            label="Vence el"
            description="Vacío: sin vencimiento. Se puede usar todo ese día."
            value={form.expiry}
            onChange={(e) => set({ expiry: e.currentTarget.value })}
            error={errors.expiration_date}
          />
          <MultiSelect
            label="Tipos de clase"
            description="Vacío: sirve para cualquier tipo de clase."
            data={types}
            value={form.classTypes}
            onChange={(value) => set({ classTypes: value })}
            error={errors.class_types}
            searchable
            clearable
          />
          <TextInput
            label="Horarios permitidos"
            description="Horas separadas por comas, por ejemplo 07:00,18:30. Vacío: cualquier horario."
            value={form.times}
            onChange={(e) => set({ times: e.currentTarget.value })}
            error={errors.allowed_times}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PenaltyModal({
  customerId,
  timeZone,
  onClose,
}: {
  customerId: number;
  timeZone: string;
  onClose: () => void;
}) {
  const [end, setEnd] = useState(() => addLocalDays(localDay(new Date(), timeZone), 7));
  const [noShows, setNoShows] = useState<number | string>(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChange(customerId, (body: Record<string, unknown>) =>
    api.post<Message>("/class_reservation_penaltys", body),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!end) {
      setErrors({ end_date: "Debes llenar este campo." });
      return;
    }
    save.mutate(
      { customer_id: customerId, end_date: end, no_shows: Number(noShows) || 0 },
      {
        onSuccess: onClose,
        onError: (error) => {
          setErrors(fieldErrors(error));
          notifyError(error);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Agregar penalización" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Desde hoy y hasta el día que elijas (incluido), el cliente no podrá reservar clases.
          </Text>
          <TextInput
            type="date"
            label="Termina el"
            required
            value={end}
            onChange={(e) => {
              setEnd(e.currentTarget.value);
              setErrors({});
            }}
            error={errors.end_date}
            data-autofocus
          />
          <NumberInput
            label="Inasistencias"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={noShows}
            onChange={setNoShows}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={save.isPending}>
              Agregar penalización
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
