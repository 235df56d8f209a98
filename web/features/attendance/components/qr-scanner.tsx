import { Alert, Button, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";

/**
 * Reads customers' QR codes with the device's camera (the back one on a phone). @zxing/browser is
 * imported here only, when the desk opens the scanner, so no other screen downloads it. Each code
 * is reported once until another one is seen, so holding a phone in front of the camera checks in
 * once.
 */
export function QrScanner({
  onCode,
  onClose,
  facing = "environment",
  hint = "Apunta la cámara al código QR de la reservación.",
}: {
  onCode: (text: string) => void;
  /** Without it there is no "Cerrar cámara" (the kiosk keeps the camera on). */
  onClose?: () => void;
  /** The kiosk's tablet faces the customer: its front camera ("user"). */
  facing?: "environment" | "user";
  hint?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | null = null;
    let last = "";
    (async () => {
      try {
        const { BrowserQRCodeReader } = await import("@zxing/browser");
        if (stopped || !video.current) return;
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: facing } },
          video.current,
          (result) => {
            if (!result) return;
            const text = result.getText();
            if (text === last) return;
            last = text;
            onCodeRef.current(text);
          },
        );
        if (stopped) controls.stop();
        else {
          stop = () => controls.stop();
          setReady(true);
        }
      } catch {
        if (!stopped)
          setError("No pudimos abrir la cámara. Revisa que el navegador tenga permiso para usarla.");
      }
    })();
    return () => {
      stopped = true;
      stop?.();
    };
  }, [facing]);

  return (
    <Stack gap="sm">
      {error ? <Alert color="red">{error}</Alert> : null}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Vista de la cámara para leer el código QR"
        data-testid="qr-video"
        style={{ width: "100%", maxHeight: 360, borderRadius: 8, background: "#000", objectFit: "cover" }}
      />
      <Text size="sm" c="dimmed">
        {ready ? hint : "Abriendo la cámara…"}
      </Text>
      {onClose ? (
        <Button variant="default" size="md" onClick={onClose}>
          Cerrar cámara
        </Button>
      ) : null}
    </Stack>
  );
}
