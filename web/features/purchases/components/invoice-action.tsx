import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { formatMoney } from "../../../../domain/format";
import type { Purchase } from "../api";
import { facturaUrl, useMyFacturas, useRequestFactura } from "../invoicing-api";

const PAID = new Set(["active", "completed"]);

/**
 * Mis Compras: 'Solicitar factura' on a paid purchase, then its PDF and XML (decision 0036). The
 * server says why it cannot (no datos de facturación, the month closed, a factura global).
 */
export function InvoiceAction({ purchase }: { purchase: Purchase }) {
  const facturas = useMyFacturas();
  const request = useRequestFactura();
  const mine = facturas.data?.find((f) => f.kind === "ingreso" && f.purchase_id === purchase.purchase_id);
  // The notas de crédito of this purchase's refunds (docs/decisions/0072), stamped ones only.
  const notas = (facturas.data ?? []).filter(
    (f) => f.kind === "egreso" && f.purchase_id === purchase.purchase_id && f.status === "valid",
  );
  const notasList = notas.map((n) => (
    <Group key={n.cfdi_id} gap={10} wrap="nowrap">
      <Text fz="xs">Nota de crédito {formatMoney(n.total)}</Text>
      <Anchor href={facturaUrl(n, "pdf")} download fz="xs">
        PDF
      </Anchor>
      <Anchor href={facturaUrl(n, "xml")} download fz="xs">
        XML
      </Anchor>
    </Group>
  ));
  if (mine?.status === "valid") {
    return (
      // Links on one line, the preview's badge under them: the table's actions column is narrow.
      <Stack gap={4} align="flex-start">
        <Group gap={10} wrap="nowrap">
          <Anchor href={facturaUrl(mine, "pdf")} download fz="sm" style={{ whiteSpace: "nowrap" }}>
            Factura PDF
          </Anchor>
          <Anchor href={facturaUrl(mine, "xml")} download fz="sm">
            XML
          </Anchor>
        </Group>
        {mine.preview ? (
          // Text, not a Badge: a badge cuts its label short in the table's narrow column.
          <Text
            fz="xs"
            fw={700}
            c="red.9"
            tt="uppercase"
            title="Vista previa: el estudio aún no configura su facturación"
          >
            Sin validez fiscal
          </Text>
        ) : null}
        {mine.cancellation_status === "pending" ? (
          // The customer is the receiver SAT asks: they accept it in their buzón tributario.
          <Text fz="xs" fw={500} maw={220}>
            El estudio pidió cancelar esta factura: acéptalo en tu buzón tributario del SAT (tienes 3 días
            hábiles).
          </Text>
        ) : null}
        {notasList}
      </Stack>
    );
  }
  if (mine?.status === "cancelled") {
    return (
      <Stack gap={4} align="flex-start">
        <Badge color="gray" variant="light">
          Factura cancelada
        </Badge>
        {notasList}
      </Stack>
    );
  }
  if (!PAID.has(purchase.status) || purchase.total_payment <= 0 || facturas.isPending) return null;
  return (
    <Button
      size="xs"
      variant="light"
      loading={request.isPending}
      onClick={() =>
        request.mutate(purchase.purchase_id, {
          onSuccess: (r) =>
            // A factura still being issued (decision 0057) is answered as it is: not "lista" yet.
            notifications.show(
              r.factura.status === "pending"
                ? {
                    color: "yellow",
                    message: "Tu factura se está emitiendo. Vuelve en unos minutos para descargarla.",
                    autoClose: 5000,
                  }
                : {
                    color: "green",
                    message: r.factura.preview
                      ? "Listo: te enviamos una vista previa sin validez fiscal por correo."
                      : "Tu factura está lista y te la enviamos por correo.",
                    autoClose: 3000,
                  },
            ),
          onError: (err) => notifications.show({ color: "red", message: err.message, autoClose: 5000 }),
        })
      }
    >
      Solicitar factura
    </Button>
  );
}
