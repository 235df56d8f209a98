import { Checkbox, Fieldset, Stack, Text } from "@mantine/core";
import type { ConsentKey } from "../../../../domain/messaging/consent";
import { consentText } from "../../../../domain/messaging/consent-text";
import { messagingCopy as c } from "../copy";

/** The boxes the sign-up form offers: WhatsApp and SMS for each purpose (push needs a device). */
export const SIGNUP_CONSENT_KEYS = [
  "transactional:whatsapp",
  "transactional:sms",
  "marketing:whatsapp",
  "marketing:sms",
] as const satisfies readonly ConsentKey[];
export type SignupConsents = Record<(typeof SIGNUP_CONSENT_KEYS)[number], boolean>;

/**
 * Class notices by WhatsApp come ticked (the customer may untick them); promotions are never
 * assumed (docs/product-rules.md#messaging-consent, decision 0110).
 */
export const SIGNUP_CONSENT_DEFAULTS: SignupConsents = {
  "transactional:whatsapp": true,
  "transactional:sms": false,
  "marketing:whatsapp": false,
  "marketing:sms": false,
};

/**
 * The sign-up form's "Mensajes del estudio": each box says the very sentence the server records
 * with the choice (domain/messaging/consent-text.ts).
 */
export function SignupConsent({
  value,
  onChange,
}: {
  value: SignupConsents;
  onChange: (next: SignupConsents) => void;
}) {
  return (
    <Fieldset legend={c.signupLegend} variant="unstyled">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {c.signupHint}
        </Text>
        {SIGNUP_CONSENT_KEYS.map((key) => {
          const [purpose, channel] = key.split(":") as ["transactional" | "marketing", "whatsapp" | "sms"];
          return (
            <Checkbox
              key={key}
              name={key}
              checked={value[key]}
              onChange={(e) => onChange({ ...value, [key]: e.currentTarget.checked })}
              label={consentText(purpose, channel)}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}
