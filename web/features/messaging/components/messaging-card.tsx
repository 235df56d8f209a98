import { Alert, Divider, Loader, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { formatDate } from "../../../../domain/format";
import {
  type ConsentKey,
  MESSAGE_CHANNELS,
  MESSAGE_PURPOSES,
  type MessageChannel,
} from "../../../../domain/messaging/consent";
import { useAppConfig } from "../../../lib/app-config";
import { subscribeThisDevice, useMyMessaging, useSaveMyMessaging } from "../api";
import { messagingCopy as c } from "../copy";
import { ConsentSwitch } from "./consent-switch";

/**
 * Mi Información's "Mensajes" (docs/product-rules.md#messaging-consent): per purpose, WhatsApp,
 * SMS and the app's notifications, each saved when switched (recorded with its sentence and
 * time), with when it was chosen; email always carries the class notices; BAJA stops them too.
 */
export function MessagingCard() {
  const { timezone } = useAppConfig();
  const mine = useMyMessaging();
  const save = useSaveMyMessaging();
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ConsentKey | null>(null);

  async function toggle(key: ConsentKey, channel: MessageChannel, on: boolean) {
    const data = mine.data;
    if (!data) return;
    if (on && channel !== "push" && !data.mobile_valid && !phone.trim()) {
      setPhoneError(c.phoneMissing);
      return;
    }
    setBusy(key);
    try {
      if (on && channel === "push" && data.push_public_key && data.push_devices === 0) {
        if ((await Notification.requestPermission()) !== "granted") throw new Error(c.pushBlocked);
        await subscribeThisDevice(data.push_public_key);
      }
      const answer = await save.mutateAsync({
        consents: { [key]: on },
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        source: "profile",
      });
      setPhone("");
      setPhoneError(null);
      notifications.show({ color: "green", message: answer.message, autoClose: 3000 });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (channel !== "push" && phone.trim()) setPhoneError(message);
      notifications.show({ color: "red", message, autoClose: 5000 });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="mensajes">
      <Stack gap="md">
        <Title order={2} fz="h4" id="mensajes">
          {c.cardTitle}
        </Title>
        <Text size="sm">{c.cardIntro}</Text>
        {mine.isPending ? <Loader size="sm" aria-label={c.loading} role="status" /> : null}
        {mine.error ? <Alert color="red">{mine.error.message}</Alert> : null}
        {mine.data && !mine.data.mobile_valid ? (
          <TextInput
            label={c.phoneLabel}
            description={c.phoneHint}
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            error={phoneError}
            onChange={(e) => {
              setPhone(e.currentTarget.value);
              setPhoneError(null);
            }}
          />
        ) : null}
        {mine.data
          ? MESSAGE_PURPOSES.map((purpose, i) => (
              <Stack key={purpose} gap="sm">
                {i > 0 ? <Divider /> : null}
                <div>
                  <Title order={3} fz="h5">
                    {c.purposes[purpose]}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {c.purposeHints[purpose]}
                  </Text>
                </div>
                {MESSAGE_CHANNELS.map((channel) => {
                  const key: ConsentKey = `${purpose}:${channel}`;
                  const since = mine.data.since[key];
                  const pushOff = channel === "push" && !mine.data.push_public_key;
                  return (
                    <ConsentSwitch
                      key={key}
                      label={c.channels[channel]}
                      text={mine.data.texts[key] ?? ""}
                      when={
                        since
                          ? c.since(formatDate(since, timezone), mine.data.consents[key] === true)
                          : c.never
                      }
                      note={pushOff ? c.pushOff : undefined}
                      checked={mine.data.consents[key] === true}
                      disabled={pushOff || busy !== null}
                      loading={busy === key}
                      onChange={(on) => void toggle(key, channel, on)}
                    />
                  );
                })}
              </Stack>
            ))
          : null}
        <Divider />
        <Text size="sm">{c.emailAlways}</Text>
        <Alert color="blue" variant="light" p="sm">
          <Text size="sm">{c.stopHint}</Text>
        </Alert>
      </Stack>
    </Paper>
  );
}
