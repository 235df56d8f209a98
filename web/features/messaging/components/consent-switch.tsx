import { Group, Loader, Stack, Switch } from "@mantine/core";

/** One channel of one purpose: the switch, the sentence recorded with it, and when it was chosen. */
export function ConsentSwitch({
  label,
  text,
  when,
  note,
  checked,
  disabled,
  loading,
  onChange,
}: {
  label: string;
  text: string;
  when: string;
  note?: string;
  checked: boolean;
  disabled: boolean;
  loading: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm">
      <Switch
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        label={label}
        description={
          <Stack gap={2} component="span">
            <span>{text}</span>
            <span>{note ?? when}</span>
          </Stack>
        }
        styles={{ label: { fontWeight: 600 } }}
      />
      {loading ? <Loader size="xs" role="status" aria-label={label} /> : null}
    </Group>
  );
}
