import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { canCancelSubscription } from "../../../../domain/billing";
import { ivaLabel } from "../../../../domain/fiscal/iva";
import { formatDate, formatMoney } from "../../../../domain/format";
import { messages } from "../../../../domain/messages";
import { PageHeading } from "../../../components/page-placeholder";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { type Purchase, useMyFreezes, usePurchases } from "../api";
import { CancelSubscriptionModal } from "../components/cancel-subscription-modal";
import { FreezeOwnModal } from "../components/freeze-own-modal";
import { InvoiceAction } from "../components/invoice-action";

const TITLE = "Mis Compras";
const statusColor: Record<string, string> = {
  active: "green",
  completed: "blue",
  pending: "yellow",
  failed: "red",
  cancelled: "gray",
  revoked: "gray",
};

/** A purchase waiting for its money says so ('Pago pendiente'); the others, the server's text. */
const statusText = (p: Purchase) => (p.status === "pending" ? "Pago pendiente" : p.status_text);

/** "Subtotal $1,077.59 · IVA 16 % $172.41" under a total (decision 0032; prices include IVA). */
function ivaText(p: Purchase): string {
  return `Subtotal ${formatMoney(p.subtotal)} · ${ivaLabel(p.iva_rate)} ${formatMoney(p.iva)}`;
}

/**
 * /mystudio/membresias: 'Mis Compras', a table on desktop and cards on mobile
 * (docs/product-rules.md#purchases-and-subscriptions).
 */
export function PurchasesPage() {
  usePageTitle(TITLE);
  const config = useAppConfig();
  const tz = config.timezone;
  const purchases = usePurchases();
  const mobile = useMediaQuery("(max-width: 48em)");
  const [cancelling, setCancelling] = useState<Purchase | null>(null);
  // Freezing one's own membership (decision 0027), when the studio allows it.
  const freezes = useMyFreezes();
  const [freezing, setFreezing] = useState<Purchase | null>(null);
  const frozenNow = (p: Purchase) => freezes.data?.freezes.find((f) => f.purchase_id === p.purchase_id);
  const canFreeze = (p: Purchase) =>
    Boolean(freezes.data?.allowed) && p.status === "active" && Boolean(p.subscription_id) && !frozenNow(p);

  const next = (p: Purchase) => (p.next_charge ? formatDate(p.next_charge, tz) : "—");
  const actions = (p: Purchase, mobileRule: boolean) => (
    <Group gap="xs">
      {p.file_url ? (
        <Anchor href={p.file_url} target="_blank" rel="noopener" fz="sm">
          {p.downloadable?.name ?? "Descargar"}
        </Anchor>
      ) : null}
      {(
        mobileRule
          ? Boolean(p.subscription_id) && p.status !== "cancelled" && p.status !== "revoked"
          : canCancelSubscription(p)
      ) ? (
        <Button size="xs" variant="light" color="red" onClick={() => setCancelling(p)}>
          Cancelar suscripción
        </Button>
      ) : null}
      {p.status === "pending" ? (
        // An OXXO voucher, a SPEI transfer or a cash order waiting to be paid (decision 0034).
        <Button size="xs" variant="light" color="yellow" component={Link} to={`/gracias/${p.purchase_id}`}>
          Ver datos de pago
        </Button>
      ) : null}
      <InvoiceAction purchase={p} />
      {canFreeze(p) ? (
        <Button size="xs" variant="light" onClick={() => setFreezing(p)}>
          Congelar
        </Button>
      ) : null}
      {frozenNow(p) ? (
        <Badge
          color="cyan"
          variant="light"
        >{`Congelada del ${formatDate(frozenNow(p)!.starts_at, tz)} al ${formatDate(
          new Date(new Date(frozenNow(p)!.ends_at).getTime() - 1),
          tz,
        )}`}</Badge>
      ) : null}
    </Group>
  );

  return (
    // The account layout gives no side padding: the Container does, as on Mis Créditos.
    <Container size="lg" py={{ base: "md", sm: "xl" }} w="100%">
      <Stack gap="lg">
        <PageHeading title={TITLE} />
        {purchases.isPending ? (
          <Loader role="status" aria-label="Cargando" />
        ) : purchases.isError ? (
          <Alert color="red">{purchases.error.message}</Alert>
        ) : purchases.data.length === 0 ? (
          <Text c="dimmed">{messages.noPurchases}</Text>
        ) : mobile ? (
          <Stack gap="sm">
            {purchases.data.map((p) => (
              <Card key={p.purchase_id} withBorder radius="md" data-testid="purchase-row">
                <Group justify="space-between" mb={4}>
                  <Text fw={700}>{p.title}</Text>
                  <Badge color={statusColor[p.status] ?? "gray"} miw="max-content">
                    {statusText(p)}
                  </Badge>
                </Group>
                <Text fz="sm" c="dimmed">{`Folio #${p.purchase_id} · ${formatDate(p.createdAt, tz)}`}</Text>
                <Text fz="sm">{`Total ${formatMoney(p.total_payment)}`}</Text>
                <Text fz="xs" c="dimmed">
                  {ivaText(p)}
                </Text>
                {p.next_charge ? <Text fz="sm">{`Próximo cargo: ${next(p)}`}</Text> : null}
                <div style={{ marginTop: 8 }}>{actions(p, true)}</div>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Folio</Table.Th>
                  <Table.Th>Paquete</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Próximo cargo</Table.Th>
                  <Table.Th>Acciones</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {purchases.data.map((p) => (
                  <Table.Tr key={p.purchase_id} data-testid="purchase-row">
                    <Table.Td>#{p.purchase_id}</Table.Td>
                    <Table.Td fw={600}>{p.title}</Table.Td>
                    <Table.Td>
                      <Text fz="sm">{formatMoney(p.total_payment)}</Text>
                      <Text fz="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                        {ivaText(p)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(p.createdAt, tz)}</Table.Td>
                    <Table.Td>
                      <Badge color={statusColor[p.status] ?? "gray"} miw="max-content">
                        {statusText(p)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{next(p)}</Table.Td>
                    <Table.Td>{actions(p, false)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {freezing && freezes.data ? (
          <FreezeOwnModal
            purchase={freezing}
            fee={freezes.data.fee}
            maxDays={freezes.data.max_days}
            timeZone={tz}
            onClose={() => setFreezing(null)}
          />
        ) : null}
        <CancelSubscriptionModal
          purchaseId={cancelling?.purchase_id ?? null}
          title={cancelling?.title ?? ""}
          accessUntil={cancelling?.expiration_date ?? null}
          timeZone={tz}
          onClose={() => setCancelling(null)}
        />
      </Stack>
    </Container>
  );
}
