import { Alert, Checkbox, Text } from "@mantine/core";
import type { CustomerTrial } from "../api";

/**
 * The desk's warning when it is about to sell a trial to someone who already took one
 * (docs/product-rules.md#trial-once): the front desk cannot go on; an owner or a manager may sell
 * it again on purpose, ticking the box (the sale is audited as a repeat).
 */
export function TrialWarning({
  used,
  mayOverride,
  override,
  onOverride,
}: {
  used: NonNullable<CustomerTrial["used"]>;
  mayOverride: boolean;
  override: boolean;
  onOverride: (value: boolean) => void;
}) {
  return (
    <Alert color="yellow" title="Ya tomó su clase de prueba" role="alert">
      <Text size="sm">{used.text} La clase de prueba es una sola vez por persona.</Text>
      {mayOverride ? (
        <Checkbox
          mt="xs"
          label="Vendérsela otra vez (queda registrado en la auditoría)"
          checked={override}
          onChange={(e) => onOverride(e.currentTarget.checked)}
        />
      ) : (
        <Text size="sm" mt="xs">
          Elige otro paquete, o pide a la dueña o a un gerente que la autorice.
        </Text>
      )}
    </Alert>
  );
}
