/**
 * What other features may use of check-in: the camera's QR reader (the kiosk reads customers'
 * codes with it). Loaded lazily, so @zxing/browser downloads only when a camera opens.
 */
import { lazy } from "react";

export const QrScanner = lazy(() =>
  import("./components/qr-scanner").then((m) => ({ default: m.QrScanner })),
);
export { reservationIdFromQr } from "./qr-target";
