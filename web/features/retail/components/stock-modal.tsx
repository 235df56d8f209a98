import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { notifyError, notifySuccess } from "../../../components/admin/notify";
import { deskLocationId } from "../../../lib/desk-location";
import { useMoveStock, type Variant } from "../api";
import { retailCopy as c } from "../copy";

/** A delivery or a count's correction, with its reason (docs/product-rules.md#retail): never below zero. */
export function StockModal({ variant, onClose }: { variant: Variant | null; onClose: () => void }) {
  const move = useMoveStock();
  const places = variant?.stock ?? [];
  const preferred = deskLocationId();
  const [location, setLocation] = useState<string | null>(null);
  const [reason, setReason] = useState<"restock" | "adjust">("restock");
  const [delta, setDelta] = useState<number | string>("");
  const [note, setNote] = useState("");
  const chosen =
    location ??
    String(places.find((p) => p.location_id === preferred)?.location_id ?? places[0]?.location_id ?? "");
  const now = places.find((p) => String(p.location_id) === chosen)?.quantity ?? 0;
  const value = Number(delta);
  const close = () => {
    setLocation(null);
    setDelta("");
    setNote("");
    setReason("restock");
    onClose();
  };
  return (
    <Modal
      opened={variant !== null}
      onClose={close}
      title={variant ? c.stockTitle(variant.title) : c.stock}
      centered
      radius="md"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!variant || !Number.isInteger(value) || value === 0) return;
          move.mutate(
            {
              variant_id: variant.variant_id,
              location_id: chosen ? Number(chosen) : null,
              delta: value,
              reason,
              note: note.trim() || null,
            },
            {
              onSuccess: (r) => {
                notifySuccess(r.message);
                close();
              },
              onError: notifyError,
            },
          );
        }}
      >
        <Stack gap="sm">
          {places.length > 1 ? (
            <Select
              label={c.location}
              data={places.map((p) => ({ value: String(p.location_id), label: p.location_name }))}
              value={chosen}
              onChange={setLocation}
              allowDeselect={false}
            />
          ) : null}
          <Text size="sm" data-testid="stock-now">
            {c.now(now)}
          </Text>
          <div>
            <Text size="sm" fw={500} mb={4} id="stock-reason-label">
              {c.reason}
            </Text>
            <SegmentedControl
              aria-labelledby="stock-reason-label"
              fullWidth
              value={reason}
              onChange={(v) => setReason(v as "restock" | "adjust")}
              data={[
                { value: "restock", label: c.reasons.restock },
                { value: "adjust", label: c.reasons.adjust },
              ]}
            />
          </div>
          <NumberInput
            label={reason === "restock" ? c.deltaRestock : c.deltaAdjust}
            value={delta}
            onChange={setDelta}
            min={reason === "restock" ? 1 : -now}
            max={10_000}
            allowDecimal={false}
            allowNegative={reason === "adjust"}
            required
            data-autofocus
          />
          <TextInput
            label={c.note}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={move.isPending} disabled={!Number.isInteger(value) || value === 0}>
              {c.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
