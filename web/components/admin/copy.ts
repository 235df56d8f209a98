/**
 * UI copy of the back office's shared kit (tables, page frame, confirm dialog, status labels that
 * several admin screens show). Each admin feature's own copy builds on it.
 */
export const kitCopy = {
  loading: "Cargando…",
  error: "No pudimos cargar esta información.",
  retry: "Reintentar",
  confirm: "Confirmar",
  close: "Cerrar",
  /** How the desk was paid at the counter (desk-payment-fields.tsx). */
  deskPayment: {
    payment: "Forma de pago",
    reference: "Referencia (opcional)",
    referenceHint: "Autorización de la terminal o clave de la transferencia.",
  },
  table: {
    search: "Buscar",
    searchIn: (what: string) => `Buscar en ${what}`,
    exportCsv: "Exportar CSV",
    empty: "No hay resultados.",
    pageSize: "Filas por página",
    previous: "Página anterior",
    next: "Página siguiente",
    range: (first: number, last: number, total: number) =>
      total === 0 ? "0 resultados" : `${first}–${last} de ${total}`,
  },
  /** A waitlist entry's status, in the customer record and in the waitlists list. */
  waitlistStatus: {
    waiting: "En espera",
    offered: "Lugar ofrecido",
    promoted: "Reservó",
    expired: "Vencida",
    left: "Salió",
  } as Record<string, string>,
};

/** How a purchase was paid, when it has no payment method of its own. */
export const providerLabel: Record<string, string> = {
  admin: "Administración",
  cash: "Efectivo",
  sandbox: "Tarjeta",
  stripe: "Tarjeta",
  paypal: "PayPal",
};
