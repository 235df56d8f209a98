import { Alert, Button, Group, Modal, SegmentedControl, Stack } from "@mantine/core";
import { useWalkInForm, type WalkInMode } from "./use-walk-in-form";
import { WalkInNewCustomer, WalkInPayment, WalkInSearch } from "./walk-in-parts";

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
  const form = useWalkInForm(classId, opened, onClose);
  return (
    <Modal opened={opened} onClose={form.close} title="Agregar cliente a la clase" size="lg">
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          size="md"
          value={form.mode}
          onChange={(v) => form.setMode(v as WalkInMode)}
          data={[
            { value: "existing", label: "Cliente registrado" },
            { value: "new", label: "Cliente nuevo" },
          ]}
          aria-label="Tipo de cliente"
        />
        {form.mode === "existing" ? <WalkInSearch form={form} /> : <WalkInNewCustomer form={form} />}
        <WalkInPayment form={form} />
        {form.error ? <Alert color="red">{form.error.message}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={form.close}>
            Cancelar
          </Button>
          <Button
            size="md"
            onClick={form.submit}
            loading={form.pending}
            disabled={form.mode === "existing" && !form.search.picked}
          >
            Agregar a la clase
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
