import {
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCashRegister, IconDownload, IconGift, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { formatMoney } from "../../../../domain/format";
import { GIFT_CARD_STATUS_LABELS } from "../../../../domain/gift-cards";
import { AdminPage } from "../../../components/admin/page-frame";
import { useStaffCan } from "../../../lib/staff-permissions";
import { usePageTitle } from "../../../lib/use-page-title";
import { type GiftCard, useAdminGiftCards } from "../api";
import { GiftCardDrawer } from "../components/gift-card-drawer";
import { RedeemModal } from "../components/redeem-modal";
import { SellGiftCardModal } from "../components/sell-gift-card-modal";
import { StatusBadge } from "../components/status-badge";
import { giftCardsCopy as c } from "../copy";

function CardsTable({ cards, onOpen }: { cards: GiftCard[]; onOpen: (id: number) => void }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover withTableBorder aria-label={c.adminTitle} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c.colCode}</Table.Th>
            <Table.Th>{c.colBuyer}</Table.Th>
            <Table.Th>{c.colFor}</Table.Th>
            <Table.Th ta="right">{c.colAmount}</Table.Th>
            <Table.Th ta="right">{c.colBalance}</Table.Th>
            <Table.Th>{c.colStatus}</Table.Th>
            <Table.Th>{c.colExpires}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{c.see}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cards.map((card) => (
            <Table.Tr key={card.gift_card_id}>
              <Table.Td ff="monospace" style={{ whiteSpace: "nowrap" }}>
                {card.code}
              </Table.Td>
              <Table.Td>{card.buyer_name}</Table.Td>
              <Table.Td>{card.recipient_name}</Table.Td>
              <Table.Td ta="right">{formatMoney(card.amount)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatMoney(card.balance)}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={card.status} label={card.status_label} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{card.expires_label}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onOpen(card.gift_card_id)}
                  aria-label={c.seeCard(card.code)}
                >
                  {c.see}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /admin/tarjetas-de-regalo: every card with its balance, state and expiry; the desk redeems a code
 * and reads a card's ledger, owner and manager download the CSV and refund (decision 0090).
 */
export function AdminGiftCardsPage() {
  usePageTitle(c.adminTitle);
  const can = useStaffCan();
  const [search, setSearch] = useState("");
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [redeeming, setRedeeming] = useState(false);
  const [selling, setSelling] = useState(false);
  const list = useAdminGiftCards(q, page);
  const data = list.data;
  // The API pages by search only; the state filter narrows the page shown.
  const cards = (data?.gift_cards ?? []).filter((card) => !status || card.status === status);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <AdminPage
      title={c.adminTitle}
      loading={list.isLoading}
      error={list.error}
      onRetry={() => list.refetch()}
      actions={
        <>
          <Button leftSection={<IconGift size={18} aria-hidden="true" />} onClick={() => setSelling(true)}>
            {c.sell}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCashRegister size={18} aria-hidden="true" />}
            onClick={() => setRedeeming(true)}
          >
            {c.redeem}
          </Button>
          {can("giftCardsCsv") ? (
            <Button
              component="a"
              href="/api/gift-cards/admin/csv"
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
            >
              {c.csv}
            </Button>
          ) : null}
        </>
      }
    >
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={c.search}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maxLength={100}
            style={{ flex: "1 1 280px" }}
          />
          <Select
            label={c.status}
            data={[
              { value: "", label: c.allStatuses },
              ...Object.entries(GIFT_CARD_STATUS_LABELS).map(([value, label]) => ({ value, label })),
            ]}
            value={status ?? ""}
            onChange={(v) => setStatus(v || null)}
            allowDeselect={false}
            w={220}
          />
        </Group>
        {data ? (
          <Text size="sm" c="dimmed">
            {c.total(data.total)}
          </Text>
        ) : null}
        {cards.length === 0 ? (
          <Text c="dimmed">{q || status ? c.emptySearch : c.empty}</Text>
        ) : (
          <CardsTable cards={cards} onOpen={setOpen} />
        )}
        {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} aria-label={c.pager} /> : null}
      </Stack>
      <GiftCardDrawer id={open} onClose={() => setOpen(null)} />
      <RedeemModal opened={redeeming} onClose={() => setRedeeming(false)} />
      <SellGiftCardModal opened={selling} onClose={() => setSelling(false)} />
    </AdminPage>
  );
}
