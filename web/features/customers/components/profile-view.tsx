import { Alert, Avatar, Button, Flex, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconEdit } from "@tabler/icons-react";
import { instagramLabel } from "../../../../domain/instagram";
import type { Profile } from "../api";
import { customersCopy as c } from "../copy";

/**
 * "1990-05-17" → "17-05-1990" (docs/product-rules.md#money-and-time: a birthdate reads
 * day-month-year).
 */
function dayMonthYear(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}-${m}-${y}`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

/** The profile as read: photo, name, address, birthdate, phone, Instagram and what is missing. */
export function ProfileView({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const initials = `${profile.name[0] ?? ""}${profile.last_name?.[0] ?? ""}`.toUpperCase();
  return (
    <Stack gap="md">
      {/* On a phone Editar goes under the name: beside it the name broke over two lines and the
          address mid-word. */}
      <Flex direction={{ base: "column", xs: "row" }} justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" miw={0}>
          <Avatar src={profile.file?.src} size={72} radius="xl" color="brand" alt="">
            {initials}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h3">
              {[profile.name, profile.last_name].filter(Boolean).join(" ")}
            </Title>
            {/* A long address wraps rather than truncates, preferably after "@". */}
            <Text c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {profile.email.split("@")[0]}
              {profile.email.includes("@") ? (
                <>
                  @<wbr />
                  {profile.email.slice(profile.email.indexOf("@") + 1)}
                </>
              ) : null}
            </Text>
          </div>
        </Group>
        {/* Never shrinks: beside a long name the label was once cut to "Edit". */}
        <Button
          variant="light"
          leftSection={<IconEdit size={16} />}
          onClick={onEdit}
          style={{ flexShrink: 0 }}
        >
          {c.edit}
        </Button>
      </Flex>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Row label={c.birthdate}>
          {profile.birthdate ? (
            dayMonthYear(profile.birthdate)
          ) : (
            <Text component="span" c="red.8">
              {c.noBirthdate}
            </Text>
          )}
        </Row>
        <Row label={c.phone}>{profile.phone ?? "—"}</Row>
        <Row label={c.instagram}>{instagramLabel(profile.instagram) || "—"}</Row>
      </SimpleGrid>
      {profile.missing_fields.length > 0 ? (
        <Alert color="yellow" title={c.missingTitle}>
          <List size="sm">
            {profile.missing_fields.map((f) => (
              <List.Item key={f.key}>{f.label}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}
