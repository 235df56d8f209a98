import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type CashCloseDay, useReopenClose } from "../api";
import { cashCloseCopy as c } from "../copy";
import { DifferenceBadge, Figure } from "./figures";

export function ClosedCard({ data, zone }: { data: CashCloseDay; zone: string }) {
  const close = data.close!;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const reopen = useReopenClose();
  // Reopening is the owner's and the manager's (the server's can_reopen says so too).
  const can = useStaffCan();
  // Movements recorded after the close are shown against it, never blocked (decision 0068).
  const changed = data.close_status === "descuadrado";
  const since = data.since_close;
  const sinceParts = since
    ? (["cash", "card", "transfer"] as const)
        .filter((m) => Math.round(since[m] * 100) !== 0)
        .map((m) => `${c.sinceMethod[m]} ${since[m] > 0 ? "+" : ""}${formatMoney(since[m])}`)
    : [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz="lg">
              {c.closedTitle}
            </Title>
            <Badge color={changed ? "orange" : "teal"} variant="light" data-testid="close-status">
              {changed ? c.outOfBalance : c.inBalance}
            </Badge>
          </Group>
          {data.can_reopen && can("reopenCashClose") ? (
            <Button variant="light" color="orange" onClick={() => setOpen(true)}>
              {c.reopen}
            </Button>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Figure label={c.expected} value={close.expected_cash} />
          <Figure label={c.counted} value={close.counted_cash} />
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {c.difference}
            </Text>
            <DifferenceBadge cents={Math.round(close.difference * 100)} />
          </Stack>
        </SimpleGrid>
        {close.note ? <Text size="sm">{close.note}</Text> : null}
        <Text size="sm" c="dimmed">
          {c.closedBy(close.closed_by_name ?? "—", formatDateTime(close.closedAt, zone))}
        </Text>
        {changed ? (
          <Alert color="yellow" variant="light" title={c.outOfBalance}>
            {sinceParts.length ? `${c.sinceClose(sinceParts)} ` : ""}
            {c.changedSince(formatMoney(data.expected_cash))}
          </Alert>
        ) : null}
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={c.reopenTitle}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            reopen.mutate(
              { id: close.cash_close_id, reason },
              {
                onSuccess: (r) => {
                  notifySuccess(r.message);
                  setOpen(false);
                  setReason("");
                },
                onError: notifyError,
              },
            );
          }}
        >
          <Stack>
            <Textarea
              label={c.reopenReason}
              description={c.reopenHelp}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              required
              minLength={5}
              maxLength={500}
            />
            <Button type="submit" color="orange" loading={reopen.isPending}>
              {c.reopen}
            </Button>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
