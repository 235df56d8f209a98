import { useState } from "react";
import { notifyError, notifySuccess } from "./notify";

/**
 * Deleting a row only once the admin confirms: `ask(row)` opens the ConfirmModal (spread `modal`
 * into it); confirming deletes, says `deletedMessage` and closes. A failure is shown and the modal
 * stays open, so the admin can try again or cancel.
 */
export function useConfirmedDelete<Row>({
  mutation,
  idOf,
  deletedMessage,
  onDeleted,
}: {
  mutation: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean };
  idOf: (row: Row) => number;
  /** What to say once deleted; a function receives the server's answer (e.g. to use its message). */
  deletedMessage: string | ((answer: unknown) => string);
  /** Runs after the delete succeeded, before the modal closes. */
  onDeleted?: (row: Row) => void;
}) {
  const [row, setRow] = useState<Row | null>(null);

  const confirm = async () => {
    if (row === null) return;
    try {
      const answer = await mutation.mutateAsync(idOf(row));
      notifySuccess(typeof deletedMessage === "function" ? deletedMessage(answer) : deletedMessage);
      onDeleted?.(row);
      setRow(null);
    } catch (e) {
      notifyError(e);
    }
  };

  return {
    /** The row waiting for confirmation, if any. */
    row,
    ask: (next: Row) => setRow(next),
    modal: {
      opened: row !== null,
      loading: mutation.isPending,
      onConfirm: () => void confirm(),
      onClose: () => setRow(null),
    },
  };
}
