import { Button, Group, Paper, Stack, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import type { CreditBucket as Bucket, Penalty } from "../../../../domain/api/credits";
import { notifyError } from "../../../components/admin/notify";
import { api } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { BucketModal } from "./bucket-modal";
import {
  type Message,
  useCreditChange,
  useCustomerBuckets,
  useCustomerPenalties,
} from "./credit-adjustments-api";
import { CreditBucketsTable } from "./credit-buckets-table";
import { CreditConfirmModal } from "./credit-confirm-modal";
import { CreditPenaltiesList } from "./credit-penalties-list";
import { PenaltyModal } from "./penalty-modal";

const title = "Ajustar créditos y penalizaciones";

/**
 * The back office's hand on a customer's credits and penalties (decision 0020): every credit bucket
 * (also spent and expired ones) with its amount, expiry and class types to adjust, add or delete,
 * and the penalties to add or lift.
 */
export function CustomerCreditsPanel({ customerId }: { customerId: number }) {
  const tz = useAppConfig().timezone;
  const buckets = useCustomerBuckets(customerId).data?.available_classes ?? [];
  const penalties = useCustomerPenalties(customerId).data?.class_reservation_penaltys ?? [];
  const [editing, setEditing] = useState<Bucket | "new" | null>(null);
  const [deleting, setDeleting] = useState<Bucket | null>(null);
  const [addingPenalty, setAddingPenalty] = useState(false);
  const [lifting, setLifting] = useState<Penalty | null>(null);
  const remove = useCreditChange(customerId, (id: number) => api.delete<Message>(`/available_classes/${id}`));
  // The desk lifts penalties (PUT .../lift); deleting credits is the manager's (decision 0069).
  const lift = useCreditChange(customerId, (id: number) =>
    api.put<Message>(`/class_reservation_penaltys/${id}/lift`),
  );
  const can = useStaffCan();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg">
            {title}
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
        <CreditBucketsTable
          buckets={buckets}
          timeZone={tz}
          onEdit={setEditing}
          onDelete={can("deleteCredits") ? setDeleting : undefined}
        />
        <CreditPenaltiesList penalties={penalties} timeZone={tz} onLift={setLifting} />
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
      <CreditConfirmModal
        opened={deleting !== null}
        title="Precaución"
        message="¿Eliminar este paquete de créditos? Las clases que quedan en él dejan de estar disponibles para el cliente."
        confirmLabel="Eliminar"
        color="red"
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.available_class_id, {
            onSuccess: () => setDeleting(null),
            onError: notifyError,
          })
        }
        onClose={() => setDeleting(null)}
      />
      <CreditConfirmModal
        opened={lifting !== null}
        title="Levantar penalización"
        message="El cliente podrá volver a reservar de inmediato."
        confirmLabel="Levantar"
        loading={lift.isPending}
        onConfirm={() =>
          lifting &&
          lift.mutate(lifting.class_reservation_penalty_id, {
            onSuccess: () => setLifting(null),
            onError: notifyError,
          })
        }
        onClose={() => setLifting(null)}
      />
    </Paper>
  );
}
