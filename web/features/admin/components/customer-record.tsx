import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { formatDateTime, formatMoney } from "../../../../domain/format";
import { centsToNumber, computeTotals } from "../../../../domain/money";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { PackageSelect } from "../../../components/choice-selects";
import { ApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { useStaffCan } from "../../../lib/staff-permissions";
import {
  type CustomerDetail,
  type CustomerRecordInput,
  type DeskCard,
  type DeskSaleInput,
  useAddNote,
  useCustomerSearch,
  useCustomerTags,
  useCustomerTrial,
  useDeskCards,
  useMergeCustomer,
  usePackageChoices,
  useSellAtDesk,
  useSellTrialAgain,
  useSellWithSavedCard,
  useSetCustomerTags,
  useUpdateCustomer,
} from "../api";
import { adminCopy } from "../copy";
import { TrialWarning } from "./trial-warning";

const c = adminCopy.customers;

type ModalProps = { opened: boolean; onClose: () => void };

const EMPTY_ADDRESS = {
  street: "",
  number: "",
  interior_number: "",
  neighborhood: "",
  city: "",
  state: "",
  country: "",
  zip_code: "",
};
type AddressForm = typeof EMPTY_ADDRESS;

function formOf(detail: CustomerDetail) {
  const { customer, address } = detail;
  return {
    name: customer.name,
    last_name: customer.last_name ?? "",
    email: customer.email,
    phone: customer.phone ?? "",
    birthdate: customer.birthdate ?? "",
    instagram: customer.instagram ?? "",
    address: address
      ? (Object.fromEntries(
          Object.keys(EMPTY_ADDRESS).map((k) => [k, address[k as keyof typeof address] ?? ""]),
        ) as AddressForm)
      : EMPTY_ADDRESS,
  };
}

const blankToNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * "Editar cliente": name, last name, email (also the login's), phone, birthdate, instagram and
 * the billing address. Mount it with a key per opening so it starts from the saved record.
 */
export function EditCustomerModal({ detail, opened, onClose }: ModalProps & { detail: CustomerDetail }) {
  const update = useUpdateCustomer(detail.customer.customer_id);
  const [form, setForm] = useState(() => formOf(detail));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Omit<typeof form, "address">) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [key]: e.currentTarget.value });
  const setAddress = (key: keyof AddressForm) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, address: { ...form.address, [key]: e.currentTarget.value } });
  const hasAddress = Object.values(form.address).some((v) => v.trim());

  const submit = () => {
    const input: CustomerRecordInput = {
      name: form.name,
      // Required by the record (lastNameRequired): an empty one gets that message, not a type error.
      last_name: form.last_name,
      email: form.email,
      phone: blankToNull(form.phone),
      birthdate: blankToNull(form.birthdate),
      instagram: blankToNull(form.instagram),
      address: hasAddress
        ? {
            street: blankToNull(form.address.street),
            number: blankToNull(form.address.number),
            interior_number: blankToNull(form.address.interior_number),
            neighborhood: blankToNull(form.address.neighborhood),
            city: form.address.city,
            state: form.address.state,
            country: form.address.country,
            zip_code: blankToNull(form.address.zip_code),
          }
        : null,
    };
    update.mutate(input, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          setErrors(
            Object.fromEntries(
              Object.entries(error.fields).map(([k, v]) => [k.replace(/^address\./, "address_"), v]),
            ),
          );
        }
        notifyError(error);
      },
    });
  };

  const err = (key: string) => errors[key];
  return (
    <Modal opened={opened} onClose={onClose} title={c.editTitle} centered radius="md" size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={c.name} value={form.name} onChange={set("name")} required error={err("name")} />
          <TextInput
            label={c.lastName}
            value={form.last_name}
            onChange={set("last_name")}
            error={err("last_name")}
          />
          <TextInput
            label={c.email}
            type="email"
            value={form.email}
            onChange={set("email")}
            required
            error={err("email")}
          />
          <TextInput
            label={c.phone}
            type="tel"
            value={form.phone}
            onChange={set("phone")}
            error={err("phone")}
          />
          <TextInput
            label={c.birthdate}
            type="date"
            value={form.birthdate}
            onChange={set("birthdate")}
            error={err("birthdate")}
          />
          <TextInput
            label={c.instagram}
            value={form.instagram}
            onChange={set("instagram")}
            error={err("instagram")}
          />
        </SimpleGrid>
        <Text fw={600} size="sm" mt="xs">
          {c.address}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={c.street} value={form.address.street} onChange={setAddress("street")} />
          <Group gap="sm" grow>
            <TextInput label={c.number} value={form.address.number} onChange={setAddress("number")} />
            <TextInput
              label={c.interiorNumber}
              value={form.address.interior_number}
              onChange={setAddress("interior_number")}
            />
          </Group>
          <TextInput
            label={c.neighborhood}
            value={form.address.neighborhood}
            onChange={setAddress("neighborhood")}
          />
          <TextInput label={c.zipCode} value={form.address.zip_code} onChange={setAddress("zip_code")} />
          <TextInput
            label={c.city}
            value={form.address.city}
            onChange={setAddress("city")}
            required={hasAddress}
            error={err("address_city") ?? err("city")}
          />
          <TextInput
            label={c.state}
            value={form.address.state}
            onChange={setAddress("state")}
            required={hasAddress}
            error={err("address_state") ?? err("state")}
          />
          <TextInput
            label={c.country}
            value={form.address.country}
            onChange={setAddress("country")}
            required={hasAddress}
            error={err("address_country") ?? err("country")}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {c.close}
          </Button>
          <Button onClick={submit} loading={update.isPending}>
            {c.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The customer's tags, edited in place; suggestions are the studio's tags in use. */
export function TagsEditor({ customerId, tags }: { customerId: number; tags: string[] }) {
  const all = useCustomerTags();
  const save = useSetCustomerTags(customerId);
  const [value, setValue] = useState(tags);
  const dirty = JSON.stringify(value) !== JSON.stringify(tags);
  return (
    <Stack gap={6}>
      <TagsInput
        label={c.tags}
        description={c.tagsHint}
        value={value}
        onChange={setValue}
        data={(all.data?.tags ?? []).map((t) => t.tag)}
        maxTags={20}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {dirty ? (
        <Group justify="flex-end">
          <Button
            size="compact-sm"
            loading={save.isPending}
            onClick={() =>
              save.mutate(value, {
                onSuccess: (res) => {
                  notifySuccess(res.message);
                  setValue(res.tags);
                },
                onError: notifyError,
              })
            }
          >
            {c.saveTags}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** Internal notes: newest first, each with its date and author; never shown to the customer. */
export function NotesPanel({ customerId, notes }: { customerId: number; notes: CustomerDetail["notes"] }) {
  const config = useAppConfig();
  const add = useAddNote(customerId);
  const [body, setBody] = useState("");
  const [forCoaches, setForCoaches] = useState(false);
  const submit = () =>
    add.mutate(
      { body, visible_to_coaches: forCoaches },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setBody("");
          setForCoaches(false);
        },
        onError: notifyError,
      },
    );
  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {c.notesHint}
      </Text>
      <Textarea
        label={c.newNote}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={2000}
      />
      <Group justify="space-between" wrap="wrap">
        <Checkbox
          label="Visible para coaches"
          description="Aparece en la lista de sus clases (por ejemplo, una lesión)."
          checked={forCoaches}
          onChange={(e) => setForCoaches(e.currentTarget.checked)}
        />
        <Button size="compact-md" onClick={submit} loading={add.isPending} disabled={!body.trim()}>
          {c.addNote}
        </Button>
      </Group>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {c.noNotes}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {notes.map((n) => (
            <Paper key={n.customer_note_id} component="li" withBorder radius="sm" p="sm">
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {n.body}
              </Text>
              {n.visible_to_coaches ? (
                <Text size="xs" fw={600} c="teal.9" mt={4}>
                  Visible para coaches
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" mt={4}>
                {c.noteBy(
                  [n.author_name, n.author_email ? `<${n.author_email}>` : null].filter(Boolean).join(" ") ||
                    "—",
                  formatDateTime(n.createdAt, config.timezone),
                )}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const fullName = (r: { name: string; last_name: string | null }) =>
  [r.name, r.last_name].filter(Boolean).join(" ");

/** "Unir con otra cuenta": find the other account, read what happens, confirm. */
export function MergeModal({ detail, opened, onClose }: ModalProps & { detail: CustomerDetail }) {
  const kept = detail.customer;
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query, 250);
  const search = useCustomerSearch(debounced);
  const merge = useMergeCustomer(kept.customer_id);
  const [otherId, setOtherId] = useState<number | null>(null);
  const [sure, setSure] = useState(false);
  const candidates = (search.data?.customers ?? []).filter(
    (r) => r.customer_id !== kept.customer_id && r.merged_into_id === null,
  );
  const other = candidates.find((r) => r.customer_id === otherId) ?? null;
  const submit = () => {
    if (!other) return;
    merge.mutate(other.customer_id, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onClose();
      },
      onError: notifyError,
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={c.merge} centered radius="md" size="lg">
      <Stack gap="sm">
        <Text size="sm">{c.mergeHint}</Text>
        <TextInput
          label={c.mergeSearch}
          description={c.mergeSearchHint}
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setOtherId(null);
            setSure(false);
          }}
          data-autofocus
        />
        <Stack gap={6} role="radiogroup" aria-label={c.mergeSearch}>
          {candidates.map((r) => {
            const chosen = r.customer_id === otherId;
            return (
              <UnstyledButton
                key={r.customer_id}
                role="radio"
                aria-checked={chosen}
                onClick={() => setOtherId(r.customer_id)}
                p="xs"
                style={{
                  borderRadius: 8,
                  border: `1px solid ${chosen ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-gray-4)"}`,
                }}
              >
                <Text size="sm" fw={600}>
                  {fullName(r)}
                </Text>
                <Text size="xs" c="dimmed">
                  {[r.email, r.phone, `#${r.customer_id}`].filter(Boolean).join(" · ")}
                </Text>
              </UnstyledButton>
            );
          })}
        </Stack>
        {other ? (
          <Checkbox
            label={c.mergeConfirm(fullName(other), fullName(kept))}
            checked={sure}
            onChange={(e) => setSure(e.currentTarget.checked)}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {c.close}
          </Button>
          <Button color="red" onClick={submit} disabled={!other || !sure} loading={merge.isPending}>
            {c.merge}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Payment = DeskSaleInput["payment"];

const BRANDS: Record<string, string> = { visa: "Visa", mastercard: "Mastercard", amex: "American Express" };

/** "Visa •••• 4242 · vence 12/2099" */
function savedCardText(card: DeskCard): string {
  const brand = BRANDS[card.card_type ?? ""] ?? card.card_type ?? "Tarjeta";
  const expiry =
    card.exp_month && card.exp_year ? `${String(card.exp_month).padStart(2, "0")}/${card.exp_year}` : "—";
  return c.savedCardLabel(brand, card.last_digits ?? "????", expiry);
}

/**
 * "Vender paquete": a package sold at the counter (cash, the studio's card terminal, transfer)
 * or given as a gift; the customer gets the receipt or the gift note by email (decision 0022).
 */
export function SellPackageModal({ customerId, opened, onClose }: ModalProps & { customerId: number }) {
  const packages = usePackageChoices(opened);
  const sell = useSellAtDesk(customerId);
  const sellAgain = useSellTrialAgain(customerId);
  const sellSaved = useSellWithSavedCard(customerId);
  const can = useStaffCan();
  const [trialOverride, setTrialOverride] = useState(false);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [payment, setPayment] = useState<Payment>("cash");
  // A card sale is either recorded from the studio's terminal or charged to a card the customer saved.
  const [cardSource, setCardSource] = useState<"terminal" | "saved">("terminal");
  const [sourceId, setSourceId] = useState<string | null>(null);
  const savedCard = payment === "card" && cardSource === "saved";
  const cards = useDeskCards(customerId, opened && savedCard);
  // One key per sale attempt: a double click or a retry after a network error charges once.
  const [saleKey, setSaleKey] = useState(newIdempotencyKey);
  const [reference, setReference] = useState("");
  const [amount, setAmount] = useState<number | string>("");
  const pkg = packages.data?.class_packages.find((p) => String(p.class_package_id) === packageId);
  // A second trial: warned before the sale (docs/product-rules.md#trial-once).
  const trial = useCustomerTrial(customerId, opened && Boolean(pkg?.is_trial));
  const trialUsed = pkg?.is_trial ? (trial.data?.used ?? null) : null;
  const trialBlocked = Boolean(trialUsed) && !trialOverride;
  const price = pkg ? centsToNumber(computeTotals(pkg).total) : 0;
  // A saved card is charged the package's price; the desk types an amount only for what it records.
  const charged = savedCard || amount === "" ? price : Number(amount) || 0;
  const gift = payment === "gift";
  const hint = savedCard
    ? c.savedCardHint
    : { cash: c.cashHint, card: c.cardHint, transfer: c.transferHint, gift: c.giftHint }[payment];

  const choose = (id: string | null) => {
    setPackageId(id);
    setTrialOverride(false);
    setAmount("");
  };
  const done = (res: { message: string }) => {
    notifySuccess(res.message);
    setPackageId(null);
    setPayment("cash");
    setCardSource("terminal");
    setSourceId(null);
    setSaleKey(newIdempotencyKey());
    setReference("");
    setAmount("");
    onClose();
  };
  const submit = () => {
    if (!packageId) return;
    if (savedCard) {
      if (!sourceId) return;
      sellSaved.mutate(
        {
          class_package_id: Number(packageId),
          payment_source_id: Number(sourceId),
          idempotency_key: saleKey,
        },
        {
          onSuccess: done,
          onError: (error) => {
            // A decline leaves that sale failed: trying again (another card) is a new sale.
            setSaleKey(newIdempotencyKey());
            notifyError(error);
          },
        },
      );
      return;
    }
    (trialUsed && trialOverride ? sellAgain : sell).mutate(
      {
        class_package_id: Number(packageId),
        payment,
        reference: payment === "card" || payment === "transfer" ? reference.trim() || null : null,
        amount: gift ? null : charged,
      },
      { onSuccess: done, onError: notifyError },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={c.sell} centered radius="md">
      <Stack gap="sm">
        <PackageSelect
          label={c.package}
          choices={packages.data?.class_packages}
          value={packageId}
          onChange={choose}
          searchable
          required
          nothingFoundMessage={adminCopy.table.empty}
          comboboxProps={{ withinPortal: true }}
        />
        {trialUsed ? (
          <TrialWarning
            used={trialUsed}
            mayOverride={can("sellTrialAgain")}
            override={trialOverride}
            onOverride={setTrialOverride}
          />
        ) : null}
        <Stack gap={4}>
          {/* Radios that wrap, not a segmented control: on a 390 px phone its four equal
              segments cut "Transferencia" and "Regalo" short. */}
          <Radio.Group label={c.payment} value={payment} onChange={(v) => setPayment(v as Payment)}>
            <Group gap="lg" mt={4}>
              {(["cash", "card", "transfer", "gift"] as const).map((value) => (
                <Radio key={value} value={value} label={c.payments[value]!} />
              ))}
            </Group>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        {payment === "card" ? (
          // Radios, not a segmented control: both long labels stay readable on a 390 px phone.
          <Radio.Group
            label={c.cardSource}
            value={cardSource}
            onChange={(v) => setCardSource(v as "terminal" | "saved")}
          >
            <Group gap="lg" mt={4}>
              <Radio value="terminal" label={c.cardTerminal} />
              <Radio value="saved" label={c.cardSaved} />
            </Group>
          </Radio.Group>
        ) : null}
        {savedCard ? (
          cards.isPending ? (
            <Loader size="sm" role="status" aria-label={c.cardSaved} />
          ) : cards.data?.tarjetas.length ? (
            <Radio.Group label={c.savedCardPick} value={sourceId} onChange={setSourceId} required>
              <Stack gap="xs" mt={4}>
                {cards.data.tarjetas.map((card) => (
                  <Radio
                    key={card.payment_source_id}
                    value={String(card.payment_source_id)}
                    label={savedCardText(card)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text size="sm" c="dimmed">
              {c.savedCardNone}
            </Text>
          )
        ) : null}
        {(payment === "card" && !savedCard) || payment === "transfer" ? (
          <TextInput
            label={c.reference}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            maxLength={60}
          />
        ) : null}
        {gift ? null : (
          <NumberInput
            label={c.charged}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            prefix="$"
            value={amount === "" ? price : amount}
            onChange={setAmount}
            disabled={!pkg || savedCard}
          />
        )}
        <Button
          onClick={submit}
          loading={sell.isPending || sellAgain.isPending || sellSaved.isPending}
          disabled={
            !packageId || (savedCard && !sourceId) || trialBlocked || (savedCard && Boolean(trialUsed))
          }
          mt="xs"
        >
          {gift ? c.giftSubmit : c.sellSubmit(formatMoney(charged))}
        </Button>
      </Stack>
    </Modal>
  );
}
