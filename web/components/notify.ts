import { notifications } from "@mantine/notifications";

/** Toasts' close button has no text: it is named for screen readers (axe: button-name). */
const closeButtonProps = { "aria-label": "Cerrar aviso" };

/** A success toast (seed: success messages last 3 s). */
export function notifySuccess(message: string) {
  notifications.show({ color: "green", message, autoClose: 3000, closeButtonProps });
}

/** An alert toast (seed: alerts last 5 s). */
export function notifyError(message: string) {
  notifications.show({ color: "red", message, autoClose: 5000, closeButtonProps });
}
