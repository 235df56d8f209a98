import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Rating,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { STAFF_ROLE_LABELS } from "../../../../domain/staff";
import { usePageTitle } from "../../../lib/use-page-title";
import { useMyProfile, useSaveMyProfile } from "../api";
import { notifyError, notifySuccess } from "../notify";

type Draft = { nick_name: string; quote: string; short_bio: string; instagram: string; music_type: string };

/** /admin/mi-perfil: the coach's public profile (bio, quote...) and their ratings summary. */
export function MyProfilePage() {
  usePageTitle("Mi perfil");
  const profile = useMyProfile();
  const save = useSaveMyProfile();
  const [draft, setDraft] = useState<Draft | null>(null);
  const instructor = profile.data?.instructor ?? null;
  useEffect(() => {
    if (instructor && draft === null) {
      setDraft({
        nick_name: instructor.nick_name ?? "",
        quote: instructor.quote ?? "",
        short_bio: instructor.short_bio ?? "",
        instagram: instructor.instagram ?? "",
        music_type: instructor.music_type ?? "",
      });
    }
  }, [instructor, draft]);
  if (profile.isPending) return <Loader role="status" aria-label="Cargando tu perfil" />;
  if (profile.isError) return <Alert color="red">{profile.error.message}</Alert>;
  const { ratings } = profile.data;
  const set = (key: keyof Draft) => (e: { currentTarget: { value: string } }) =>
    setDraft((d) => (d ? { ...d, [key]: e.currentTarget.value } : d));
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} maw={720} mx="auto">
      <Title order={1} fz={28}>
        Mi perfil
      </Title>
      <Text>
        {profile.data.name} · {STAFF_ROLE_LABELS[profile.data.role]}
      </Text>
      {ratings ? (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz={18} mb="xs">
            Mis calificaciones
          </Title>
          {ratings.count === 0 || ratings.average === null ? (
            <Text c="dimmed">Todavía no tienes calificaciones.</Text>
          ) : (
            <Group gap="sm">
              <Rating value={ratings.average} fractions={10} readOnly aria-hidden="true" />
              <Text fw={600}>
                {ratings.average.toLocaleString("es-MX", { maximumFractionDigits: 1 })} de 5 ·{" "}
                {ratings.count === 1 ? "1 calificación" : `${ratings.count} calificaciones`}
              </Text>
            </Group>
          )}
        </Paper>
      ) : null}
      {!instructor || !draft ? (
        <Alert color="yellow">Tu cuenta no tiene un perfil de coach. Pídeselo al propietario.</Alert>
      ) : (
        <Paper withBorder radius="md" p="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim() || null])), {
                onSuccess: () => notifySuccess("Perfil guardado."),
                onError: notifyError,
              });
            }}
          >
            <Stack gap="sm">
              <TextInput label="Apodo" value={draft.nick_name} onChange={set("nick_name")} maxLength={60} />
              <TextInput label="Frase" value={draft.quote} onChange={set("quote")} maxLength={300} />
              <Textarea
                label="Bio"
                value={draft.short_bio}
                onChange={set("short_bio")}
                autosize
                minRows={3}
                maxLength={2000}
              />
              <TextInput
                label="Instagram"
                value={draft.instagram}
                onChange={set("instagram")}
                maxLength={100}
              />
              <TextInput
                label="Música"
                value={draft.music_type}
                onChange={set("music_type")}
                maxLength={100}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Guardar
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
