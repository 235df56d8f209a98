import { ActionIcon, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { LANDING_SECTIONS } from "../../../../domain/app-config";
import { SECTION_LABELS } from "../app-config-groups";

/**
 * landing_sections: the enabled sections in their order. Every known section is listed: enabled
 * ones first in order (with arrows to move them), then the switched-off ones.
 */
export function LandingSectionsEditor({
  value,
  onChange,
}: {
  value: string[];
  onChange: (v: string[]) => void;
}) {
  const off = LANDING_SECTIONS.filter((s) => !value.includes(s));
  const move = (i: number, by: number) => {
    const here = value[i];
    const there = value[i + by];
    if (here === undefined || there === undefined) return; // the first can't go up, the last down
    const next = [...value];
    [next[i], next[i + by]] = [there, here];
    onChange(next);
  };
  const row = (section: string, i: number | null) => (
    <Paper key={section} withBorder radius="md" px="sm" py={6}>
      <Group justify="space-between" wrap="nowrap">
        <Switch
          label={SECTION_LABELS[section] ?? section}
          checked={i !== null}
          onChange={(e) =>
            onChange(e.currentTarget.checked ? [...value, section] : value.filter((s) => s !== section))
          }
        />
        {i !== null ? (
          <Group gap={2}>
            <ActionIcon
              variant="subtle"
              aria-label={`Subir ${SECTION_LABELS[section]}`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Bajar ${SECTION_LABELS[section]}`}
              disabled={i === value.length - 1}
              onClick={() => move(i, 1)}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            Oculta
          </Text>
        )}
      </Group>
    </Paper>
  );
  return (
    <Stack gap={6}>
      {value.map((s, i) => row(s, i))}
      {off.map((s) => row(s, null))}
    </Stack>
  );
}
