import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { Row } from "../api";
import { catalogueCopy } from "../copy";

type PackageType = { class_type_id: number; class_amount: number; expiration_days: number | null };

/** class_package_types: credits (and their validity) per class type, one row each. */
export function PackageTypesField({
  value,
  onChange,
  classTypes,
}: {
  value: PackageType[];
  onChange: (v: PackageType[]) => void;
  classTypes: Row[];
}) {
  const options = classTypes.map((c) => ({ value: String(c.class_type_id), label: String(c.name) }));
  const used = new Set(value.map((row) => String(row.class_type_id)));
  const free = options.find((o) => !used.has(o.value));
  const set = (i: number, patch: Partial<PackageType>) =>
    onChange(value.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {catalogueCopy.packageTypes}
      </Text>
      {value.map((row, i) => (
        <Group key={row.class_type_id} gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={catalogueCopy.classType}
            // A class type appears once per package: others' types are not offered.
            data={options.filter((o) => o.value === String(row.class_type_id) || !used.has(o.value))}
            value={String(row.class_type_id)}
            onChange={(v) => v && set(i, { class_type_id: Number(v) })}
            w={200}
          />
          <NumberInput
            label={catalogueCopy.credits}
            min={-1}
            w={100}
            value={row.class_amount}
            onChange={(v) => set(i, { class_amount: Number(v) || 0 })}
          />
          <NumberInput
            label={catalogueCopy.expirationDays}
            min={0}
            w={130}
            value={row.expiration_days ?? ""}
            onChange={(v) => set(i, { expiration_days: v === "" ? null : Number(v) })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={6}
            aria-label={catalogueCopy.remove}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        w="fit-content"
        disabled={!free}
        onClick={() =>
          free &&
          onChange([...value, { class_type_id: Number(free.value), class_amount: 1, expiration_days: null }])
        }
      >
        {catalogueCopy.addPackageType}
      </Button>
    </Stack>
  );
}
