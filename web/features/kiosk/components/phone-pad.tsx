import { Button, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { IconBackspace } from "@tabler/icons-react";
import { kioskCopy as c } from "../copy";

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/** "55 1234 5678" as the digits are typed. */
function grouped(digits: string): string {
  return [digits.slice(0, 2), digits.slice(2, 6), digits.slice(6, 10)].filter(Boolean).join(" ");
}

/**
 * A phone keypad for a touch screen: keys of 72 px (well over the 44 px of WCAG 2.5.5), the number
 * shown large; a hardware keyboard types into the field too (inputMode none keeps the tablet's own
 * keyboard from covering the pad).
 */
export function PhonePad({
  value,
  onChange,
  onSubmit,
  busy,
}: {
  value: string;
  onChange: (digits: string) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const press = (digit: string) => onChange((value + digit).slice(0, 10));
  const keyStyle = { height: 72, fontSize: 30 };
  return (
    <Stack gap="sm">
      <TextInput
        label={c.phoneLabel}
        value={grouped(value)}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, "").slice(0, 10))}
        onKeyDown={(e) => {
          if (e.key === "Enter" && value.length === 10) onSubmit();
        }}
        inputMode="none"
        autoComplete="off"
        size="xl"
        styles={{
          input: { fontSize: 34, height: 72, letterSpacing: 2, textAlign: "center" },
          label: { fontSize: 18 },
        }}
        data-testid="kiosk-phone"
      />
      <SimpleGrid cols={3} spacing="xs">
        {KEYS.map((k) => (
          <Button key={k} variant="default" style={keyStyle} onClick={() => press(k)} disabled={busy}>
            {k}
          </Button>
        ))}
        <Button
          variant="default"
          style={keyStyle}
          onClick={() => onChange(value.slice(0, -1))}
          disabled={busy || value.length === 0}
          aria-label={c.eraseLabel}
        >
          <IconBackspace size={30} aria-hidden="true" />
        </Button>
        <Button variant="default" style={keyStyle} onClick={() => press("0")} disabled={busy}>
          0
        </Button>
        <span />
      </SimpleGrid>
      <Button size="xl" h={72} fz={24} onClick={onSubmit} disabled={value.length !== 10} loading={busy}>
        {c.submit}
      </Button>
    </Stack>
  );
}
