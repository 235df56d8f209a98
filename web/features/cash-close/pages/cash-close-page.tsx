import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { localTime, zonedInstant } from "../../../../domain/booking";
import { formatDate, formatDateTime, formatMoney } from "../../../../domain/format";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { AdminPage } from "../../../components/admin/page-frame";
import { ApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { deskLocationId, setDeskLocationId } from "../../../lib/desk-location";
import { useStaffCan } from "../../../lib/staff-permissions";
import { type CashCloseDay, useCashCloseDay, useCashCloseHistory, useCloseDay, useReopenClose } from "../api";
import { cashCloseCopy as c } from "../copy";

/** Counted − expected, in centavos (never float arithmetic on money). */
const diffCents = (expected: number, counted: number) =>
  Math.round(counted * 100) - Math.round(expected * 100);

function DifferenceBadge({ cents }: { cents: number }) {
  // Dark shades (or dark text on yellow): the badge's text passes WCAG AA contrast.
  const color = cents === 0 ? "teal.9" : cents < 0 ? "red.9" : "yellow.4";
  const label = cents === 0 ? c.even : cents < 0 ? c.shortfall : c.surplus;
  return (
    <Badge color={color} autoContrast variant="filled" size="lg" data-testid="cash-difference">
      {label} {formatMoney(Math.abs(cents) / 100)}
    </Badge>
  );
}

function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={{ base: "md", sm: "xl" }}>
        {formatMoney(value)}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function StaffTable({ data }: { data: CashCloseDay }) {
  if (data.staff.length === 0) return <Text c="dimmed">{c.noMovements}</Text>;
  const methods = ["cash", "card", "transfer"] as const;
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder aria-label={c.byStaff}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.staff}</Table.Th>
            {methods.map((m) => (
              <Table.Th key={m} ta="right">
                {c.methods[m]}
              </Table.Th>
            ))}
            <Table.Th ta="right">{c.total}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.staff.map((s) => (
            <Table.Tr key={s.staff_user_id ?? s.staff_name}>
              <Table.Td>{s.staff_name}</Table.Td>
              {methods.map((m) => (
                <Table.Td key={m} ta="right">
                  {formatMoney(s[m])}
                </Table.Td>
              ))}
              <Table.Td ta="right">{formatMoney(s.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{c.total}</Table.Th>
            {methods.map((m) => (
              <Table.Th key={m} ta="right">
                {formatMoney(data.totals[m])}
              </Table.Th>
            ))}
            <Table.Th ta="right">{formatMoney(data.totals.total)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function MovementsTable({ data, zone }: { data: CashCloseDay; zone: string }) {
  if (data.movements.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {c.movements}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder aria-label={c.movements}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.time}</Table.Th>
              <Table.Th>{c.concept}</Table.Th>
              <Table.Th>{c.customer}</Table.Th>
              <Table.Th>{c.staff}</Table.Th>
              <Table.Th ta="right">{c.amount}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.movements.map((m) => (
              // A gift card's sale names neither a purchase nor a retail sale: its title and instant tell it apart.
              <Table.Tr key={`${m.kind}-${m.purchase_id ?? `v${m.retail_sale_id}`}-${m.title}-${m.at}`}>
                <Table.Td>{localTime(new Date(m.at), zone)}</Table.Td>
                <Table.Td>
                  {c.kinds[m.kind]} · {c.methods[m.method]}
                  {m.reference ? ` · ${c.ref} ${m.reference}` : ""}
                  <Text size="xs" c="dimmed">
                    {m.title}
                  </Text>
                </Table.Td>
                <Table.Td>{m.customer_name}</Table.Td>
                <Table.Td>{m.staff_name}</Table.Td>
                <Table.Td ta="right" c={m.amount < 0 ? "red.9" : undefined}>
                  {formatMoney(m.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function CloseForm({ data }: { data: CashCloseDay }) {
  const [counted, setCounted] = useState<number | string>("");
  const [note, setNote] = useState("");
  const close = useCloseDay();
  const value = typeof counted === "number" ? counted : null;
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value === null) return;
          close.mutate(
            { location_id: data.location_id, day: data.day, counted_cash: value, note: note || null },
            { onSuccess: (r) => notifySuccess(r.message), onError: notifyError },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {c.countTitle}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label={c.counted}
              value={counted}
              onChange={setCounted}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              prefix="$"
              required
              w={220}
            />
            {value !== null ? (
              <Stack gap={2}>
                <Text size="sm" c="dimmed">
                  {c.difference}
                </Text>
                <DifferenceBadge cents={diffCents(data.expected_cash, value)} />
              </Stack>
            ) : null}
          </Group>
          <Textarea
            label={c.note}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
          />
          <Group>
            <Button type="submit" loading={close.isPending} disabled={value === null}>
              {c.close}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function ClosedCard({ data, zone }: { data: CashCloseDay; zone: string }) {
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

function History({ locationId, zone }: { locationId: number; zone: string }) {
  const history = useCashCloseHistory(locationId);
  const rows = history.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {c.history}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{c.noHistory}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder aria-label={c.history}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c.day}</Table.Th>
                <Table.Th ta="right">{c.expected}</Table.Th>
                <Table.Th ta="right">{c.counted}</Table.Th>
                <Table.Th ta="right">{c.difference}</Table.Th>
                <Table.Th>{c.closedByCol}</Table.Th>
                <Table.Th>{c.status}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.cash_close_id}>
                  <Table.Td>{formatDate(zonedInstant(r.day, "12:00", zone), zone)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.expected_cash)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.counted_cash)}</Table.Td>
                  <Table.Td
                    ta="right"
                    c={r.difference < 0 ? "red.9" : r.difference > 0 ? "blue.9" : undefined}
                    fw={600}
                  >
                    {formatMoney(r.difference)}
                  </Table.Td>
                  <Table.Td>
                    {r.closed_by_name ?? "—"}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(r.closedAt, zone)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {r.reopened_at ? (
                      <Text size="sm">{c.reopened(r.reopened_by_name ?? "—", r.reopen_reason ?? "")}</Text>
                    ) : (
                      <Badge color="green" variant="light">
                        {c.standing}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * /admin/corte-de-caja (owner, manager, front desk; decision 0063): a location's day per staff
 * member and method, the drawer's count and its difference, and the closes before.
 */
export function CashClosePage() {
  const zone = useAppConfig().timezone;
  // The drawer this browser works at: its sales, confirmations and refunds go to it (decision 0063).
  const [locationId, setLocationId] = useState<number | undefined>(() => deskLocationId());
  const [day, setDay] = useState<string | undefined>();
  const query = useCashCloseDay({ location_id: locationId, day });
  const data = query.data;
  const staleLocation =
    query.error instanceof ApiError && query.error.code === "LOCATION_NOT_FOUND" && locationId !== undefined;
  useEffect(() => {
    // A location deleted since this browser chose it: back to the studio's first.
    if (staleLocation) {
      setDeskLocationId(undefined);
      setLocationId(undefined);
    }
  }, [staleLocation]);
  return (
    <AdminPage title={c.title} loading={query.isLoading} error={query.error} onRetry={() => query.refetch()}>
      {data ? (
        <Stack gap="lg">
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={c.location}
              value={String(data.location_id)}
              onChange={(e) => {
                const id = Number(e.currentTarget.value);
                setDeskLocationId(id);
                setLocationId(id);
              }}
              description={c.locationHint}
              data={data.locations.map((l) => ({ value: String(l.location_id), label: l.name }))}
              w={220}
            />
            <TextInput
              type="date"
              label={c.day}
              value={data.day}
              max={data.today}
              onChange={(e) => e.currentTarget.value && setDay(e.currentTarget.value)}
              w={180}
            />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={c.expected} value={data.expected_cash} hint={c.expectedHint} />
            <Figure label={c.methods.card!} value={data.totals.card} />
            <Figure label={c.methods.transfer!} value={data.totals.transfer} />
            <Figure label={c.total} value={data.totals.total} />
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {c.byStaff}
            </Title>
            <StaffTable data={data} />
          </Stack>
          {data.close ? (
            <ClosedCard data={data} zone={zone} />
          ) : (
            <CloseForm key={`${data.location_id}-${data.day}`} data={data} />
          )}
          <MovementsTable data={data} zone={zone} />
          <History locationId={data.location_id} zone={zone} />
        </Stack>
      ) : null}
    </AdminPage>
  );
}
