import { notifications } from "@mantine/notifications";

/** Success 3000 ms, alerts 5000 ms (docs/product-rules.md#notices). */
export const notifySuccess = (message: string) =>
  notifications.show({ color: "green", message, autoClose: 3000 });
export const notifyError = (error: unknown) =>
  notifications.show({
    color: "red",
    message: error instanceof Error ? error.message : String(error),
    autoClose: 5000,
  });
