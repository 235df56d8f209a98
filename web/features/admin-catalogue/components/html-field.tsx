import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { IconBold, IconH2, IconItalic, IconLink, IconList } from "@tabler/icons-react";
import { useMemo, useRef } from "react";
import { catalogueCopy } from "../copy";
import { sanitizePreview } from "../sanitize-preview";
import { RichTextPreview } from "./rich-text-preview";

const TOOLS = [
  { label: "Negritas", icon: IconBold, open: "<strong>", close: "</strong>" },
  { label: "Cursivas", icon: IconItalic, open: "<em>", close: "</em>" },
  { label: "Subtítulo", icon: IconH2, open: "<h2>", close: "</h2>" },
  { label: "Lista", icon: IconList, open: "<ul>\n  <li>", close: "</li>\n</ul>" },
  { label: "Enlace", icon: IconLink, open: '<a href="https://">', close: "</a>" },
];

/** HTML source with a small tag toolbar and, beside it, the sanitised result as it will show. */
export function HtmlField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const preview = useMemo(() => sanitizePreview(value ?? ""), [value]);
  const wrap = (open: string, close: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(`${value.slice(0, start)}${open}${value.slice(start, end)}${close}${value.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + open.length, end + open.length);
    });
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Stack gap={4}>
        <Group gap={4} justify="space-between">
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Group gap={2}>
            {TOOLS.map((tool) => (
              <Tooltip key={tool.label} label={tool.label}>
                <ActionIcon
                  variant="subtle"
                  aria-label={tool.label}
                  onClick={() => wrap(tool.open, tool.close)}
                >
                  <tool.icon size={16} />
                </ActionIcon>
              </Tooltip>
            ))}
          </Group>
        </Group>
        <Textarea
          ref={ref}
          aria-label={label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={8}
          maxRows={20}
          error={error}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 } }}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {catalogueCopy.preview}
        </Text>
        <Paper withBorder p="sm" radius="md" mih={160} style={{ overflow: "auto" }}>
          {preview.trim() ? (
            <RichTextPreview html={preview} />
          ) : (
            <Text c="dimmed" size="sm">
              {catalogueCopy.emptyPreview}
            </Text>
          )}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
