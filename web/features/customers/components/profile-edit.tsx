import { Alert, Button, FileInput, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { normalizePhone, profileUpdateSchema } from "../../../../domain/customers";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { formMessage, issueErrors, requiredErrors, useFieldErrors } from "../../../lib/field-errors";
import { type Profile, uploadFile, useUpdateProfile } from "../api";
import { customersCopy as c } from "../copy";

/** The profile's edit form: the photo is uploaded first, then the profile saved with its file. */
export function ProfileEdit({ profile, onDone }: { profile: Profile; onDone: () => void }) {
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
