import { Button, Checkbox, Group, Modal, MultiSelect, NumberInput, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import type { CreditBucket as Bucket } from "../../../../domain/api/credits";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { notifyError } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { fieldErrors, type Message, useClassTypeOptions, useCreditChange } from "./credit-adjustments-api";

type BucketForm = {
  unlimited: boolean;
  amount: number | string;
  expiry: string;
  classTypes: string[];
  times: string;
};

/** "Agregar créditos" / "Ajustar créditos": one bucket's amount (or unlimited), expiry, class types and times. */
export function BucketModal({
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
  const save = useCreditChange(customerId, (body: Record<string, unknown>) =>
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
