/** The reservation id in a check-in QR (".../admin/reservaciones/123", qr-modal.tsx), or null. */
export function reservationIdFromQr(text: string): number | null {
  const match = /\/admin\/reservaciones\/(\d+)(?:[/?#]|$)/.exec(text.trim());
  return match ? Number(match[1]) : null;
}
