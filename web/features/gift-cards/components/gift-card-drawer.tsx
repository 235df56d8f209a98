import {
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import { ConfirmModal } from "../../../components/admin/confirm-modal";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useAppConfig } from "../../../lib/app-config";
import { useStaffCan } from "../../../lib/staff-permissions";
import { MessageStatusBadge } from "../../messaging/public";
import { useGiftCardDetail, useRefundGiftCard } from "../api";
import { giftCardsCopy as c } from "../copy";
import { MovementsTable } from "./movements-table";
import { StatusBadge } from "./status-badge";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/** One card with its ledger; owner and manager refund it (docs/product-rules.md#gift-card-refunds). */
export function GiftCardDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { timezone } = useAppConfig();
  const can = useStaffCan();
  const detail = useGiftCardDetail(id);
  const refund = useRefundGiftCard();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const card = detail.data?.gift_card;
  const refundable = card && card.status === "active" && card.balance === card.amount;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={card ? c.detailTitle(card.code) : c.title}
      closeButtonProps={{ "aria-label": c.closeDrawer }}
    >
      {detail.error ? (
        <Text c="red.9" role="alert">
          {detail.error.message}
        </Text>
      ) : !card ? (
        <Center p="xl">
          <Loader role="status" aria-label={c.loading} />
        </Center>
      ) : (
        <Stack gap="md">
          <Group gap="sm">
            <Text fz={28} fw={700}>
              {formatMoney(card.balance)}
            </Text>
            <Text c="dimmed">{c.of(card.amount)}</Text>
            <StatusBadge status={card.status} label={card.status_label} />
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Fact label={c.colBuyer} value={card.buyer_name} />
            <Fact
              label={c.colFor}
              value={[card.recipient_name, card.recipient_email].filter(Boolean).join(" · ")}
            />
            <Fact
              label={c.colSold}
              value={`${formatDate(card.sold_at ?? card.createdAt, timezone)} · ${c.soldVia[card.sold_via] ?? card.sold_via}`}
            />
            <Fact
              label={c.colExpires}
              value={card.status === "expired" ? c.expired(card.expires_label) : card.expires_label}
            />
          </SimpleGrid>
          {card.status === "expired" ? (
            <Text size="sm" c="dimmed">
              {c.expiredNote}
            </Text>
          ) : null}
          <Title order={3} fz="h4">
            {c.deliveriesTitle}
          </Title>
          <Stack gap="xs" data-testid="gift-card-deliveries">
            {!card.recipient_email && !card.recipient_whatsapp ? (
              <Text size="sm" c="dimmed">
                {c.deliveryNone}
              </Text>
            ) : null}
            {card.recipient_email ? (
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">{c.deliveryEmail(card.recipient_email)}</Text>
                <Text size="sm" c="dimmed">
                  {card.delivered_at
                    ? c.deliveryDone(formatDateTime(card.delivered_at, timezone))
                    : card.deliver_at
                      ? c.deliveryPending(formatDateTime(card.deliver_at, timezone))
                      : ""}
                </Text>
              </Group>
            ) : null}
            {card.recipient_whatsapp ? (
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">{c.deliveryWhatsapp(card.recipient_whatsapp)}</Text>
                {detail.data?.deliveries.length ? (
                  detail.data.deliveries.map((m) => (
                    <Stack key={m.message_id} gap={2} align="flex-end">
                      <MessageStatusBadge status={m.status} label={m.status_label} />
                      {m.error ? (
                        <Text size="xs" c="red.9">
                          {m.error}
                        </Text>
                      ) : null}
                    </Stack>
                  ))
                ) : (
                  <Text size="sm" c="dimmed">
                    {card.deliver_at && !card.delivered_at
                      ? c.deliveryPending(formatDateTime(card.deliver_at, timezone))
                      : ""}
                  </Text>
                )}
              </Group>
            ) : null}
          </Stack>
          {card.message ? (
            <Text size="sm" fs="italic">
              “{card.message}”
            </Text>
          ) : null}
          <Title order={3} fz="h4">
            {c.movements}
          </Title>
          <MovementsTable
            movements={detail.data?.movements ?? []}
            caption={c.movements}
            empty={c.noMovements}
            withActor
          />
          {can("refundGiftCard") && refundable ? (
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {c.refund}
              </Button>
            </Group>
          ) : null}
          <ConfirmModal
            opened={confirming}
            title={c.refundTitle}
            message={c.refundMessage(card.amount, card.buyer_name)}
            confirmLabel={c.refund}
            loading={refund.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() =>
              refund
                .mutateAsync({ id: card.gift_card_id, reason: reason.trim() || undefined })
                .then((r) => notifySuccess(r.message))
                .catch(notifyError)
                .finally(() => setConfirming(false))
            }
          >
            <Textarea
              label={c.refundReason}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={500}
            />
          </ConfirmModal>
        </Stack>
      )}
    </Drawer>
  );
}
