import { Image, Paper } from "@mantine/core";
import { IconFile, IconFileTypePdf } from "@tabler/icons-react";
import type { StudioFile } from "../api";
import { formsCopy } from "../copy";

const SIZE = 48;

/** A small picture of an uploaded image, or an icon for anything the browser should not inline. */
export function FileThumb({ file }: { file: StudioFile }) {
  const image = file.type?.startsWith("image/");
  const Icon = file.type === "application/pdf" ? IconFileTypePdf : IconFile;
  return (
    <Paper
      withBorder
      radius="sm"
      w={SIZE}
      h={SIZE}
      style={{ overflow: "hidden", display: "grid", placeItems: "center", flexShrink: 0 }}
    >
      {image ? (
        <Image
          src={file.src}
          alt={formsCopy.files.previewOf(file.name)}
          w={SIZE}
          h={SIZE}
          fit="cover"
          loading="lazy"
        />
      ) : (
        <Icon size={24} aria-hidden color="var(--mantine-color-dimmed)" />
      )}
    </Paper>
  );
}

/** 1536 → "1.5 KB" (es-MX decimals); the server keeps sizes in bytes. */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return "—";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString("es-MX", { maximumFractionDigits: digits })} ${units[unit]}`;
}
