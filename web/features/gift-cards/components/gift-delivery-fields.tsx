import { Group, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { addLocalDays } from "../../../../domain/booking";
import { giftCardsCopy as c } from "../copy";
import type { GiftCardDraft, GiftDelivery } from "./use-buy-gift-card";

/** "¿Cuándo la enviamos?": now, or a day and time on the studio's clock up to a year ahead. */
export function GiftDeliveryFields({
  draft,
  set,
  today,
  timezone,
  error,
}: {
  draft: GiftCardDraft;
  set: <K extends keyof GiftCardDraft>(field: K, value: GiftCardDraft[K]) => void;
  today: string;
  timezone: string;
  error: string | null;
}) {
  const later = draft.when === "later";
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="gift-when-label">
        {c.deliverWhen}
      </Text>
      <SegmentedControl
        aria-labelledby="gift-when-label"
        value={draft.when}
        onChange={(v) => {
          set("when", v as GiftDelivery);
          if (v === "later" && !draft.day) set("day", addLocalDays(today, 1));
        }}
        data={[
          { value: "now", label: c.deliverNow },
          { value: "later", label: c.deliverLater },
        ]}
        fullWidth
      />
      {later ? (
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label={c.deliverOn}
            value={draft.day}
            min={today}
            max={addLocalDays(today, 365)}
            onChange={(e) => set("day", e.currentTarget.value)}
            error={error}
            required
          />
          <TextInput
            type="time"
            label={c.deliverTime}
            value={draft.time}
            onChange={(e) => set("time", e.currentTarget.value)}
            required
          />
        </Group>
      ) : null}
      <Text size="xs" c="dimmed">
        {later ? c.deliverLaterHint(timezone) : c.deliverNowHint}
      </Text>
    </Stack>
  );
}
