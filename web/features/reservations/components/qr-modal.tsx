import { Image, Loader, Modal, Stack, Text } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** 'Codigo de Acceso': a QR of the admin check-in page of this reservation. */
export function QrModal({ reservationId, onClose }: { reservationId: number | null; onClose: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  const url = reservationId ? `${window.location.origin}/admin/reservaciones/${reservationId}` : "";
  useEffect(() => {
    setSrc(null);
    if (!url) return;
    let live = true;
    QRCode.toDataURL(url, { width: 280, margin: 1 }).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Modal opened={reservationId !== null} onClose={onClose} title="Codigo de Acceso" centered radius="lg">
      <Stack align="center">
        {src ? (
          <Image src={src} alt="Código QR de acceso" w={280} h={280} data-testid="qr-code" data-url={url} />
        ) : (
          <Loader />
        )}
        <Text size="sm" c="dimmed" ta="center">
          Muestra este código en recepción para registrar tu asistencia.
        </Text>
      </Stack>
    </Modal>
  );
}
