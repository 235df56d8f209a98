import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useStaffCan } from "../../lib/staff-permissions";

const c = {
  title: "Datos del estudio",
  body:
    "Descarga un archivo ZIP con todas las tablas del estudio: clientes, compras, reservaciones, " +
    "clases, paquetes y lo demás, una hoja CSV por tabla (se abre en Excel) y un índice " +
    "(manifest.json) con lo que contiene cada una. No incluye contraseñas, sesiones ni claves de " +
    "pago. Las fotos y archivos subidos no van dentro: se guardan con la copia de seguridad.",
  note: "Solo la persona dueña del estudio puede descargarlo; queda anotado en la Bitácora.",
  button: "Exportar todo",
};

const HREF = "/api/admin/studio-export";

/**
 * "Exportar todo" for the owner (decision 0037), where an owner looks for it: the Panel's header,
 * Configuración and the Bitácora. A plain link, so the browser saves the ZIP to disk as the server
 * writes it (a fetch into a Blob would hold the whole studio in memory).
 */
export function StudioExportButton() {
  const can = useStaffCan();
  if (!can("studioExport")) return null;
  return (
    <Button
      component="a"
      href={HREF}
      download
      variant="default"
      leftSection={<IconDownload size={18} aria-hidden />}
    >
      {c.button}
    </Button>
  );
}

/** The same link with what the ZIP holds, for Configuración and the Bitácora. */
export function StudioExportCard() {
  const can = useStaffCan();
  if (!can("studioExport")) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4">
          {c.title}
        </Title>
        <Text size="sm">{c.body}</Text>
        <Text size="sm" c="dimmed">
          {c.note}
        </Text>
        <Button component="a" href={HREF} download leftSection={<IconDownload size={18} aria-hidden />}>
          {c.button}
        </Button>
      </Stack>
    </Paper>
  );
}
