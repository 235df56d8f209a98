import { useQueryClient } from "@tanstack/react-query";
import type { AdminPurchase } from "../api";
import { adminKeys } from "../query-keys";

/**
 * The desk's money actions on a purchase (decision 0027): "Reembolsar" (refund-modal.tsx) and
 * "Congelar" (freeze-modal.tsx); their texts, and the refresh both make of the customer's page.
 */
export type RefundablePurchase = Pick<
  AdminPurchase,
  "purchase_id" | "title" | "total_payment" | "refunded_total" | "provider"
>;

export const moneyCopy = {
  refund: "Reembolsar",
  refundTitle: (title: string) => `Reembolsar ${title}`,
  paid: (paid: string, refunded: string) => `Pagado: ${paid}. Ya reembolsado: ${refunded}.`,
  all: (left: string) => `Todo lo que queda (${left})`,
  part: "Una parte",
  amount: "Monto a reembolsar (MXN)",
  reason: "Motivo (se incluye en el correo al cliente)",
  howCard: "Se devuelve a la tarjeta o cuenta PayPal con la que se pagó.",
  howDesk: "Se registra como devuelto en mostrador: entrega el dinero al cliente.",
  credits:
    "Se retiran las clases sin usar de esta compra: todas si reembolsas todo; si es una parte, la misma proporción (redondeada), nunca una clase ya tomada.",
  confirm: "Reembolsar",
  cancel: "Cerrar",
  freeze: "Congelar",
  freezeTitle: (title: string) => `Congelar ${title}`,
  from: "Desde (primer día congelado)",
  to: "Hasta (último día congelado)",
  freezeHelp:
    "Mientras está congelada no se cobra ni se puede reservar; el vencimiento y el siguiente cobro se recorren los mismos días.",
  days: (n: number) => (n === 1 ? "1 día" : `${n} días`),
};

export const moneyActionLabels = { refund: moneyCopy.refund, freeze: moneyCopy.freeze };

/** A refund or a freeze changes the customer's page, the dashboard, the audit log and the lists. */
export function useInvalidateCustomer(customerId: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: adminKeys.customer(customerId) });
    void client.invalidateQueries({ queryKey: adminKeys.dashboard });
    void client.invalidateQueries({ queryKey: adminKeys.audit });
    void client.invalidateQueries({ queryKey: adminKeys.lists });
  };
}
