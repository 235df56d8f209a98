import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { IVA_RATES } from "../../../../domain/fiscal/iva";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { useCreateProduct } from "../api";
import { retailCopy as c } from "../copy";

type Row = { key: number; size: string; colour: string; sku: string; price: number | string };
const emptyRow = (key: number): Row => ({ key, size: "", colour: "", sku: "", price: "" });

/** A new product with its variants, each with its price (IVA included) and optional SKU. */
export function ProductFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateProduct();
  const [name, setName] = useState("");
  const [iva, setIva] = useState<string>("16");
  const [threshold, setThreshold] = useState<number | string>(3);
  const [rows, setRows] = useState<Row[]>([emptyRow(1)]);
  const [tried, setTried] = useState(false);
  const priced = rows.filter((r) => r.price !== "" && Number(r.price) >= 0);
  const set = (key: number, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const close = () => {
    setName("");
    setRows([emptyRow(1)]);
    setTried(false);
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (!name.trim() || priced.length === 0) return;
    create.mutate(
      {
        name: name.trim(),
        iva_rate: iva as (typeof IVA_RATES)[number],
        low_stock_threshold: Number(threshold) || 0,
        variants: priced.map((r) => ({
          size: r.size.trim(),
          colour: r.colour.trim(),
          sku: r.sku.trim() || null,
          price: Number(r.price),
        })),
      },
      {
        onSuccess: (r) => {
          notifySuccess(r.message);
          close();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={c.newProduct} centered radius="md" size="xl">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={c.name}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            required
            data-autofocus
            error={tried && !name.trim() ? c.nameRequired : null}
          />
          <Group grow align="flex-start">
            <Select
              label={c.iva}
              data={IVA_RATES.map((r) => ({ value: r, label: c.ivaLabel(r) }))}
              value={iva}
              onChange={(v) => setIva(v ?? "16")}
              allowDeselect={false}
            />
            <NumberInput
              label={c.threshold}
              description={c.thresholdHint}
              value={threshold}
              onChange={setThreshold}
              min={0}
              max={10_000}
              allowDecimal={false}
            />
          </Group>
          <div>
            <Text fw={600}>{c.variants}</Text>
            <Text size="sm" c="dimmed">
              {c.variantsHint}
            </Text>
          </div>
          {rows.map((r, i) => (
            <Group key={r.key} gap="xs" align="flex-end" wrap="wrap" data-testid="variant-row">
              <TextInput
                label={c.size}
                value={r.size}
                onChange={(e) => set(r.key, { size: e.currentTarget.value })}
                maxLength={40}
                w={110}
              />
              <TextInput
                label={c.colour}
                value={r.colour}
                onChange={(e) => set(r.key, { colour: e.currentTarget.value })}
                maxLength={40}
                w={130}
              />
              <TextInput
                label={c.sku}
                value={r.sku}
                onChange={(e) => set(r.key, { sku: e.currentTarget.value })}
                maxLength={60}
                w={140}
              />
              <NumberInput
                label={c.price}
                value={r.price}
                onChange={(v) => set(r.key, { price: v })}
                min={0}
                max={100_000}
                decimalScale={2}
                thousandSeparator=","
                prefix="$"
                w={130}
                required
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={c.removeVariantRow(i + 1)}
                disabled={rows.length === 1}
                onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            w="fit-content"
            onClick={() => setRows((list) => [...list, emptyRow(Math.max(...list.map((x) => x.key)) + 1)])}
          >
            {c.addVariantRow}
          </Button>
          {tried && priced.length === 0 ? (
            <Alert color="red" role="alert">
              {c.variantNeeded}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
