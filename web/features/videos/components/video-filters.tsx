import {
  Button,
  Chip,
  Collapse,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconSearch, IconX } from "@tabler/icons-react";
import { useState } from "react";
import type { FilterOptions } from "../api";
import { videosCopy } from "../copy";

export interface FilterValues {
  query: string;
  instructor_id?: number;
  class_type_id?: number;
  tags: number[];
  favorites: boolean;
  completed: boolean;
}

export const hasActiveFilters = (f: FilterValues) =>
  Boolean(f.query || f.instructor_id || f.class_type_id || f.tags.length || f.favorites || f.completed);

interface Props {
  values: FilterValues;
  /** The search box text (applied after a short pause by the page). */
  search: string;
  onSearch(text: string): void;
  onChange(patch: Partial<FilterValues>): void;
  onClear(): void;
  options: FilterOptions | undefined;
}

const toOption = (id: number, label: string) => ({ value: String(id), label });

/** Search, coach, class type, tags, favourites and completed; collapsible on phones. */
export function VideoFilters({ values, search, onSearch, onChange, onClear, options }: Props) {
  const wide = useMediaQuery("(min-width: 48em)", true);
  const [open, setOpen] = useState(false);
  const coachOptions = (options?.instructors ?? []).map((c) =>
    toOption(c.instructor_id, [c.name, c.last_name].filter(Boolean).join(" ")),
  );
  const typeOptions = (options?.class_types ?? []).map((c) => toOption(c.class_type_id, c.name));
  const tagOptions = (options?.tags ?? []).map((tag) => toOption(tag.tag_id, tag.name));

  const fields = (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label={videosCopy.searchLabel}
          placeholder={videosCopy.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(e) => onSearch(e.currentTarget.value)}
          type="search"
        />
        <Select
          label={videosCopy.coach}
          placeholder={videosCopy.allOptions}
          data={coachOptions}
          value={values.instructor_id ? String(values.instructor_id) : null}
          onChange={(v) => onChange({ instructor_id: v ? Number(v) : undefined })}
          clearable
        />
        <Select
          label={videosCopy.classType}
          placeholder={videosCopy.allOptions}
          data={typeOptions}
          value={values.class_type_id ? String(values.class_type_id) : null}
          onChange={(v) => onChange({ class_type_id: v ? Number(v) : undefined })}
          clearable
        />
        <MultiSelect
          label={videosCopy.tags}
          placeholder={values.tags.length ? undefined : videosCopy.allOptions}
          data={tagOptions}
          value={values.tags.map(String)}
          onChange={(v) => onChange({ tags: v.map(Number) })}
          clearable
          searchable
          data-testid="tags-filter"
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Chip
            checked={values.favorites}
            onChange={(checked) => onChange({ favorites: checked })}
            variant="light"
          >
            {videosCopy.favorites}
          </Chip>
          <Chip
            checked={values.completed}
            onChange={(checked) => onChange({ completed: checked })}
            variant="light"
          >
            {videosCopy.completed}
          </Chip>
        </Group>
        <Button
          variant="subtle"
          leftSection={<IconX size={16} aria-hidden="true" />}
          onClick={onClear}
          disabled={!hasActiveFilters(values) && !search}
        >
          {videosCopy.clearFilters}
        </Button>
      </Group>
    </Stack>
  );

  if (wide) return fields;
  return (
    <Stack gap="sm">
      <Button
        variant="default"
        leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden="true" />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        fullWidth
      >
        {open ? videosCopy.hideFilters : videosCopy.showFilters}
      </Button>
      <Collapse in={open}>{fields}</Collapse>
    </Stack>
  );
}
