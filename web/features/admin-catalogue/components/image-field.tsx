import { Button, FileButton, Group, Image, Input, Paper, Stack, Text, TextInput } from "@mantine/core";
import { IconPhoto, IconTrash, IconUpload } from "@tabler/icons-react";
import { useId, useState } from "react";
import { notifyError } from "../../../components/admin/notify";
import { type UploadedImage, uploadImage } from "../api";
import { catalogueCopy } from "../copy";

/** What the server stores as an image (files.service): the picker offers only these. */
const ACCEPT = "image/png,image/jpeg,image/webp,image/gif,image/avif";
const PREVIEW = 88;

/**
 * An image of a catalogue row: the admin uploads a file (POST /api/files as an image) or, with
 * `allowUrl`, types the address of one already online; the preview shows what customers will
 * see. The upload is saved with the form: closing the form without saving keeps the old image.
 */
export function ImageField({
  label,
  src,
  allowUrl,
  onChange,
  error,
}: {
  label: string;
  src: string;
  /** False where the server keeps only an uploaded file (coach photos). */
  allowUrl: boolean;
  /** The new image: an upload (with its file id), a typed address (file_id null) or none (""). */
  onChange: (image: UploadedImage | { file_id: null; src: string }) => void;
  error?: string;
}) {
  const [uploading, setUploading] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);
  const labelId = useId();
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadImage(file));
    } catch (e) {
      notifyError(e);
    } finally {
      setUploading(false);
    }
  };
  const shown = src && broken !== src;

  return (
    <Input.Wrapper label={label} labelElement="div" id={labelId} error={error}>
      <Group align="flex-start" gap="sm" wrap="nowrap" mt={4}>
        <Paper
          withBorder
          radius="sm"
          w={PREVIEW}
          h={PREVIEW}
          style={{ flexShrink: 0, overflow: "hidden", display: "grid", placeItems: "center" }}
        >
          {shown ? (
            <Image
              src={src}
              alt={catalogueCopy.imagePreview(label)}
              w={PREVIEW}
              h={PREVIEW}
              fit="cover"
              onError={() => setBroken(src)}
            />
          ) : (
            <Stack gap={2} align="center" c="dimmed">
              <IconPhoto size={24} aria-hidden />
              <Text size="xs">{src ? catalogueCopy.imageBroken : catalogueCopy.noImage}</Text>
            </Stack>
          )}
        </Paper>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <FileButton onChange={upload} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  loading={uploading}
                  leftSection={<IconUpload size={14} />}
                  aria-label={`${src ? catalogueCopy.changeImage : catalogueCopy.uploadImage}: ${label}`}
                >
                  {src ? catalogueCopy.changeImage : catalogueCopy.uploadImage}
                </Button>
              )}
            </FileButton>
            {src ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                aria-label={`${catalogueCopy.removeImage}: ${label}`}
                onClick={() => onChange({ file_id: null, src: "" })}
              >
                {catalogueCopy.removeImage}
              </Button>
            ) : null}
          </Group>
          {allowUrl ? (
            <TextInput
              size="xs"
              aria-label={`${label}: ${catalogueCopy.imageUrl}`}
              placeholder={catalogueCopy.imageUrlPlaceholder}
              value={src}
              onChange={(e) => onChange({ file_id: null, src: e.currentTarget.value })}
            />
          ) : null}
          <Text size="xs" c="dimmed">
            {allowUrl ? catalogueCopy.imageHelpUrl : catalogueCopy.imageHelp}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
