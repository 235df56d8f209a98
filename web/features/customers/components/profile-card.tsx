import {
  Alert,
  Avatar,
  Button,
  FileInput,
  Flex,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconEdit } from "@tabler/icons-react";
import { useState } from "react";
import { normalizePhone, profileUpdateSchema } from "../../../../domain/customers";
import { instagramLabel } from "../../../../domain/instagram";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { formMessage, issueErrors, requiredErrors, useFieldErrors } from "../../../lib/field-errors";
import { type Profile, uploadFile, useUpdateProfile } from "../api";
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

function ProfileView({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
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

function ProfileEdit({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const update = useUpdateProfile();
  const [form, setForm] = useState({
    name: profile.name,
    last_name: profile.last_name ?? "",
    phone: profile.phone ?? "",
    birthdate: profile.birthdate ?? "",
    instagram: profile.instagram ?? "",
  });
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref, errors, show, showApi, clear } = useFieldErrors();
  const formError = formMessage(update.error);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => {
    // Read now: React clears currentTarget once the handler returns, before the updater runs.
    const raw = e.currentTarget.value;
    setForm((f) => ({ ...f, [key]: key === "phone" ? normalizePhone(raw) : raw }));
    clear(key);
  };

  /** The server's own rules (domain/customers.ts), with 'Debes llenar este campo.' for an empty phone. */
  function validate(): Record<string, string> {
    const parsed = profileUpdateSchema.safeParse({ ...form, birthdate: form.birthdate || null });
    const found = parsed.success ? {} : issueErrors(parsed.error.issues);
    if (requiredErrors(form, ["phone"]).phone) found.phone = messages.fieldRequired;
    return found;
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    update.reset();
    if (show(validate())) return;
    setBusy(true);
    let file_id = profile.file?.file_id ?? null;
    try {
      if (photo) file_id = await uploadFile(photo, "image");
    } catch (error) {
      // The photo was refused (too large, not an image): say so under the photo field.
      show({ file_id: isApiError(error) ? error.message : String(error) });
      setBusy(false);
      return;
    }
    try {
      const result = await update.mutateAsync({ ...form, birthdate: form.birthdate || null, file_id });
      notifications.show({ color: "green", message: result.message, autoClose: 3000 });
      onDone();
    } catch (error) {
      // The message shows above the form (formError); the fields it names, next to them.
      showApi(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={ref} onSubmit={save} noValidate>
      <Stack gap="sm">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={c.name} required value={form.name} onChange={set("name")} error={errors.name} />
          <TextInput
            label={c.lastName}
            required
            value={form.last_name}
            onChange={set("last_name")}
            error={errors.last_name}
          />
          <TextInput
            label={c.phone}
            required
            inputMode="numeric"
            value={form.phone}
            onChange={set("phone")}
            error={errors.phone}
          />
          <TextInput
            label={c.birthdate}
            type="date"
            value={form.birthdate}
            onChange={set("birthdate")}
            error={errors.birthdate}
          />
          <TextInput
            label={c.instagram}
            leftSection="@"
            value={form.instagram}
            onChange={set("instagram")}
            error={errors.instagram}
          />
          <FileInput
            label={c.photo}
            accept="image/*"
            clearable
            value={photo}
            onChange={(file) => {
              setPhoto(file);
              clear("file_id");
            }}
            error={errors.file_id}
            placeholder={profile.file?.name ?? ""}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {c.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {c.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The profile card (docs/product-rules.md#profile): view and edit modes; cancelling reloads the
 * user.
 */
export function ProfileCard({ profile, onReload }: { profile: Profile; onReload: () => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
      {editing ? (
        <ProfileEdit
          profile={profile}
          onDone={() => {
            setEditing(false);
            onReload();
          }}
        />
      ) : (
        <ProfileView profile={profile} onEdit={() => setEditing(true)} />
      )}
    </Paper>
  );
}
