import { Button, Checkbox, Group, Modal, NumberInput, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { type Product, useAddVariant, useEditVariant, type Variant } from "../api";
import { retailCopy as c } from "../copy";

export type VariantTarget = { kind: "add"; product: Product } | { kind: "edit"; variant: Variant };

/** Adds a variant to a product, or changes one's price, SKU or whether it is on sale. */
export function VariantModal({ target, onClose }: { target: VariantTarget; onClose: () => void }) {
  const add = useAddVariant();
  const edit = useEditVariant();
  const current = target.kind === "edit" ? target.variant : null;
  const [size, setSize] = useState("");
  const [colour, setColour] = useState("");
  const [sku, setSku] = useState(current?.sku ?? "");
  const [price, setPrice] = useState<number | string>(current?.price ?? "");
  const [available, setAvailable] = useState(current?.available ?? true);
  const done = (r: { message: string }) => {
    notifySuccess(r.message);
    onClose();
  };
  const submit = () => {
    if (price === "") return;
    if (target.kind === "add")
      add.mutate(
        {
          productId: target.product.product_id,
          variant: {
            size: size.trim(),
            colour: colour.trim(),
            sku: sku.trim() || null,
            price: Number(price),
          },
        },
        { onSuccess: done, onError: notifyError },
      );
    else
      edit.mutate(
        {
          variantId: target.variant.variant_id,
          body: { price: Number(price), sku: sku.trim() || null, available },
        },
        { onSuccess: done, onError: notifyError },
      );
  };
  const title =
    target.kind === "add"
      ? `${c.addVariant} · ${target.product.name}`
      : c.editVariantTitle(target.variant.title);
  return (
    <Modal opened onClose={onClose} title={title} centered radius="md">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {target.kind === "add" ? (
            <Group grow>
              <TextInput
                label={c.size}
                value={size}
                onChange={(e) => setSize(e.currentTarget.value)}
                maxLength={40}
                data-autofocus
              />
              <TextInput
                label={c.colour}
                value={colour}
                onChange={(e) => setColour(e.currentTarget.value)}
                maxLength={40}
              />
            </Group>
          ) : null}
          <Group grow>
            <TextInput
              label={c.sku}
              value={sku}
              onChange={(e) => setSku(e.currentTarget.value)}
              maxLength={60}
            />
            <NumberInput
              label={c.price}
              value={price}
              onChange={setPrice}
              min={0}
              max={100_000}
              decimalScale={2}
              thousandSeparator=","
              prefix="$"
              required
            />
          </Group>
          {target.kind === "edit" ? (
            <Checkbox
              label={c.available}
              checked={available}
              onChange={(e) => setAvailable(e.currentTarget.checked)}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={add.isPending || edit.isPending} disabled={price === ""}>
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
