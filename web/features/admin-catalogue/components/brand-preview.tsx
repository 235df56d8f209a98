import { Badge, Box, Button, Group, Image, Paper, Stack, Text } from "@mantine/core";

/** A miniature of the site's header and a card with the colours and logo being edited. */
export function BrandPreview({ values }: { values: Record<string, unknown> }) {
  const v = (key: string) => String(values[key] ?? "");
  return (
    <Paper withBorder radius="md" style={{ overflow: "hidden" }} aria-label="Vista previa de la marca">
      {/* White, as the site's header is: on a dark bar a logo drawn for it (dark lettering) vanished. */}
      <Group
        justify="space-between"
        px="md"
        py="sm"
        bg="white"
        wrap="nowrap"
        style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
      >
        {v("navbar_logo") ? (
          <Image src={v("navbar_logo")} alt="" h={28} w="auto" fit="contain" />
        ) : (
          <Text fw={700} c={v("dark")}>
            {v("name")}
          </Text>
        )}
        <Group gap="sm" visibleFrom="xs">
          {["Paquetes", "Horario", "Mi Cuenta"].map((label) => (
            <Text key={label} size="sm" c={v("dark")}>
              {label}
            </Text>
          ))}
        </Group>
      </Group>
      <Stack gap="xs" p="md" bg={v("light")}>
        <Text fw={700} size="lg" c={v("dark")}>
          {v("hero_title")}
        </Text>
        {/* The studio's dark colour: its gray on the light background is often under 4.5:1. */}
        <Text size="sm" c={v("dark")}>
          {v("hero_subtitle")}
        </Text>
        <Group gap="xs">
          <Button color={v("primary")} size="xs">
            {v("hero_button_text")}
          </Button>
          <Badge color={v("accent")}>Nuevo</Badge>
          <Box
            px="xs"
            py={2}
            style={{ borderRadius: 6, background: v("primary-light"), color: v("primary") }}
          >
            <Text size="xs" fw={600}>
              3 lugares
            </Text>
          </Box>
        </Group>
      </Stack>
    </Paper>
  );
}
