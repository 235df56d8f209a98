/**
 * Every kind of email the studio sends, with the name the back office's outbox (Correos) shows.
 * The one owner of these names: the server's mailer only accepts a kind listed here (a kind may
 * carry an id after ":" when the outbox row also marks it sent once, "class_reminder:42"), so a
 * new email cannot reach the outbox without its Spanish name.
 */
export const MAIL_TEMPLATE_LABELS = {
  booking_confirmed: "Reservación confirmada",
  waitlist_promoted: "Lugar desde lista de espera",
  reservation_cancelled: "Reservación cancelada",
  waitlist_offer: "Lugar ofrecido (lista de espera)",
  waitlist_skipped: "Lista de espera: no se pudo reservar",
  penalty_notice: "Penalización",
  class_reminder: "Recordatorio de clase",
  class_changed: "Clase modificada",
  "class-cancelled": "Clase cancelada",
  "email-change": "Confirmar cambio de correo",
  "email-changed-notice": "Aviso de cambio de correo",
  "email-change-requested": "Aviso de cambio de correo pedido por el estudio",
  "new-sign-in": "Aviso de inicio de sesión en otro dispositivo",
  "password-changed": "Aviso de cambio de contraseña",
  "password-reset": "Restablecer contraseña",
  "purchase-receipt": "Recibo de compra",
  "purchase-gift": "Paquete regalado",
  "purchase-refund": "Reembolso",
  "offline-payment": "Datos para pagar (OXXO, SPEI o efectivo)",
  "signup-fee-order-cancelled": "Orden cancelada (inscripción ya pagada)",
  "subscription-renewal-cash": "Renovación por pagar",
  "subscription-cancelled": "Suscripción cancelada",
  "invoice-issued": "Factura emitida",
  "staff-invitation": "Invitación al equipo",
  "closure-request": "Solicitud de cierre de cuenta",
  "video-rating": "Calificación de video",
  "waiver-signed": "Carta responsiva firmada",
  "substitute-request": "Solicitud de suplencia",
  "substitute-assigned": "Suplencia confirmada",
  // A WhatsApp, SMS or push message that failed on every channel (docs/product-rules.md#messaging-channels).
  "message-fallback": "Mensaje por correo (WhatsApp o SMS no entregado)",
  "gift-card": "Tarjeta de regalo",
} as const;

export type MailTemplateKind = keyof typeof MAIL_TEMPLATE_LABELS;
/** A kind, or a kind with the id it was sent once for. */
export type MailTemplate = MailTemplateKind | `${MailTemplateKind}:${string}`;

/** The outbox's name of a stored template ("class_reminder:42" → "Recordatorio de clase"). */
export function mailTemplateLabel(template: string | null): string {
  if (!template) return "—";
  const kind = template.split(":")[0] ?? template;
  return (MAIL_TEMPLATE_LABELS as Record<string, string>)[kind] ?? "Otro correo";
}
