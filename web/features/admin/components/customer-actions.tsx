import { Button, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { addLocalDays, localDay } from "../../../../domain/booking";
import { formatShortDayTime, spotsLabel } from "../../../../domain/format";
import { spotGridFor, spotLabel } from "../../../../domain/spot-map";
import { type BookableFilter, filterBookable } from "../../../../domain/today";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { PackageSelect, PaymentMethodSelect } from "../../../components/choice-selects";
import { SpotMap } from "../../../components/spot-map";
import { useAppConfig } from "../../../lib/app-config";
import {
  useBookForCustomer,
  useGiveAccess,
  usePackageChoices,
  usePaymentMethodChoices,
  useRemoveClasses,
  useUpcomingClasses,
} from "../api";
import { adminCopy } from "../copy";
import { BookClassFilters } from "./book-class-filters";

const c = adminCopy.customers;

type ModalProps = { customerId: number; opened: boolean; onClose: () => void };

/** "Agregar acceso": package, days, gift, payment method and the amount charged at the desk. */
export function GrantAccessModal({ customerId, opened, onClose }: ModalProps) {
  const packages = usePackageChoices(opened);
  const methods = usePaymentMethodChoices(opened);
  const grant = useGiveAccess(customerId);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [days, setDays] = useState<number | string>("");
  const [gift, setGift] = useState(false);
  const [methodId, setMethodId] = useState<string | null>(null);
  const [bill, setBill] = useState<number | string>(0);

  const choose = (id: string | null) => {
    setPackageId(id);
    const pkg = packages.data?.class_packages.find((p) => String(p.class_package_id) === id);
    if (pkg) setBill(pkg.sale_price ?? pkg.price);
  };

  const submit = () => {
    if (!packageId) return;
    grant.mutate(
      {
        class_package_id: Number(packageId),
        package_days: days === "" ? null : Number(days),
        is_gift: gift,
        payment_method_id: methodId ? Number(methodId) : null,
        bill: gift ? 0 : Number(bill) || 0,
      },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setPackageId(null);
          setDays("");
          setGift(false);
          setMethodId(null);
          setBill(0);
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={c.grant} centered radius="md">
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
        <NumberInput
          label={c.packageDays}
          description={c.packageDaysHint}
          min={1}
          max={3650}
          allowDecimal={false}
          value={days}
          onChange={setDays}
        />
        <Switch label={c.isGift} checked={gift} onChange={(e) => setGift(e.currentTarget.checked)} />
        <PaymentMethodSelect
          label={c.paymentMethod}
          choices={methods.data?.payment_methods}
          value={methodId}
          onChange={setMethodId}
          clearable
          disabled={gift}
        />
        <NumberInput
          label={c.bill}
          min={0}
          decimalScale={2}
          thousandSeparator=","
          prefix="$"
          value={gift ? 0 : bill}
          onChange={setBill}
          disabled={gift}
        />
        <Button onClick={submit} loading={grant.isPending} disabled={!packageId} mt="xs">
          {c.grant}
        </Button>
      </Stack>
    </Modal>
  );
}

/** "Restar clases": the amount; the server takes it from the soonest-expiring credits. */
export function RemoveClassesModal({
  customerId,
  opened,
  onClose,
  available,
}: ModalProps & { available: number }) {
  const remove = useRemoveClasses(customerId);
  const [amount, setAmount] = useState<number | string>(1);
  const submit = () =>
    remove.mutate(Number(amount), {
      onSuccess: (res) => {
        notifySuccess(res.message);
        onClose();
      },
      onError: notifyError,
    });
  return (
    <Modal opened={opened} onClose={onClose} title={c.removeClasses} centered radius="md">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {c.creditsTotal(available)} · {c.removeHint}
        </Text>
        <NumberInput
          label={c.amount}
          min={1}
          max={Math.max(1, available)}
          allowDecimal={false}
          value={amount}
          onChange={setAmount}
          data-autofocus
        />
        <Button color="red" onClick={submit} loading={remove.isPending} disabled={!Number(amount)}>
          {c.removeClasses}
        </Button>
      </Stack>
    </Modal>
  );
}

/**
 * "Reservar clase": an upcoming class of the next two weeks (not tied to a package), the spot on
 * the class's map (free spots only; the text field where the class has no map) and the desk's
 * "Saltar reglas" switch (decision 0015; audited as reservation.book_override).
 */
export function BookClassModal({ customerId, opened, onClose }: ModalProps) {
  const config = useAppConfig();
  const today = localDay(new Date(), config.timezone);
  const classes = useUpcomingClasses(today, addLocalDays(today, 14), opened);
  const book = useBookForCustomer(customerId);
  const [classId, setClassId] = useState<string | null>(null);
  const [spot, setSpot] = useState("");
  const [overrideRules, setOverrideRules] = useState(false);
  const [filter, setFilter] = useState<BookableFilter>({ day: null, classTypeId: null, showFull: false });
  const now = Date.now();
  const upcoming = (classes.data?.days ?? []).flatMap((d) =>
    d.single_classes.filter((k) => k.class_package_id === null && new Date(k.class_date).getTime() > now),
  );
  const classTypes = [...new Map(upcoming.map((k) => [k.class_type_id, k.class_type.name])).entries()]
    .map(([class_type_id, name]) => ({ class_type_id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "es"));
  const shown = filterBookable(upcoming, filter, (at) => localDay(at, config.timezone));
  const options = shown.map((k) => ({
    value: String(k.single_class_id),
    label: `${formatShortDayTime(k.class_date, config.timezone)} · ${k.class_type.name}${
      k.location ? ` · ${k.location.name}` : ""
    } · ${spotsLabel(k.available)}`,
    disabled: k.available <= 0,
  }));
  const chosen = upcoming.find((k) => String(k.single_class_id) === classId) ?? null;
  const grid = chosen && config.spotmap_enabled ? spotGridFor(chosen.class_type) : null;
  // A spot someone else took since the list loaded is dropped (the server would refuse it too).
  const mySpot = spot && chosen?.taken_spots.includes(spot) ? "" : spot;

  const submit = () => {
    if (!classId) return;
    book.mutate(
      { single_class_id: Number(classId), spot: mySpot.trim() || null, override_rules: overrideRules },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          setClassId(null);
          setSpot("");
          setOverrideRules(false);
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={c.book} centered radius="md" size={grid ? "lg" : "md"}>
      <Stack gap="sm">
        <BookClassFilters
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setClassId(null);
            setSpot("");
          }}
          days={15}
          classTypes={classTypes}
          zone={config.timezone}
        />
        <Select
          label={c.classSearch}
          description={filter.showFull ? "Próximas clases" : c.classSearchHint}
          data={options}
          value={classId}
          onChange={(value) => {
            setClassId(value);
            setSpot("");
          }}
          searchable
          required
          nothingFoundMessage={adminCopy.table.empty}
          comboboxProps={{ withinPortal: true }}
        />
        {grid ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {c.spotPick}
            </Text>
            <Text size="xs" c="dimmed">
              {mySpot ? `${c.spotMine}: ${spotLabel(grid, mySpot)}` : c.spotNone}
            </Text>
            <SpotMap
              grid={grid}
              taken={chosen?.taken_spots ?? []}
              selected={[{ key: mySpot || null, role: "me" }]}
              onSelect={(key) => setSpot(key === mySpot ? "" : key)}
              mineLabel={c.spotMine}
            />
          </Stack>
        ) : (
          <TextInput
            label={c.spot}
            value={spot}
            onChange={(e) => setSpot(e.currentTarget.value)}
            maxLength={10}
          />
        )}
        <Switch
          label={`${c.skipRules} (${c.overrideRules.toLowerCase()})`}
          description={c.overrideRulesHint}
          checked={overrideRules}
          onChange={(e) => setOverrideRules(e.currentTarget.checked)}
        />
        <Button onClick={submit} loading={book.isPending} disabled={!classId}>
          {c.book}
        </Button>
      </Stack>
    </Modal>
  );
}
