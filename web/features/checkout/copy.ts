import { messages } from "../../../domain/messages";
import { type ApiError, isApiError } from "../../lib/api-client";

/**
 * UI copy of checkout and the thank-you page; the Spanish texts the server shares come from
 * messages.
 */
export const checkoutCopy = {
  title: "Checkout",
  summary: "Tu compra",
  discountCode: "Código de descuento",
  apply: "Aplicar",
  remove: "Quitar",
  discount: "Descuento",
  saleIsBetter: "Este paquete ya tiene precio especial; tu código no lo mejora",
  total: "Total",
  payToday: "Pagas hoy",
  nextCharge: "Próximo cargo",
  freeTrial: (length: string) => `Prueba gratis de ${length}`,
  subscriptionReminder:
    "Tu suscripción se renueva automáticamente cada mes. Puedes cancelarla en cualquier momento y no es reembolsable.",
  signInToBuy: "Inicia sesión o crea tu cuenta para comprar",
  signIn: "Iniciar sesión",
  signUp: "Crear cuenta",
  paymentMethod: "Método de pago",
  card: "Tarjeta",
  cash: "Efectivo",
  wallet: "PayPal",
  walletTitle: "PayPal (sandbox)",
  walletSandboxNote:
    "Simulación del monedero: apruebas el pago aquí como lo harías en PayPal. No se mueve dinero.",
  walletSubscription: (amount: string) => `${amount} y después cada periodo`,
  walletApprove: "Aprobar pago",
  walletCancel: "Cancelar",
  payWallet: "Pagar con PayPal",
  saveCard: "Guardar tarjeta",
  saveCardHint: "Para pagar con un toque la próxima vez. Solo guardamos la marca y los últimos 4 dígitos.",
  signupFeeIncluded: "Es tu primera compra: la inscripción se paga junto con tu paquete, en un solo pago.",
  savedCards: "Tus tarjetas",
  newCard: "Usar otra tarjeta",
  savedCardLabel: (brand: string, last4: string, expiry: string) => `${brand} •••• ${last4} · ${expiry}`,
  hostedNote: "Te llevaremos a la página de pago segura para capturar tu tarjeta.",
  pay: (amount: string) => `Pagar ${amount}`,
  payCash: "Confirmar compra en efectivo",
  getOffer: "Obtener Oferta",
  processing: "Procesando tu compra…",
  acceptLegal: "Acepto",
  and: "y",
  signupFeeNotAgain: "No te la cobramos otra vez en esta compra.",
  signupFeeTitle: "Inscripción",
  signupFeeText: "Antes de comprar este paquete necesitas pagar tu inscripción.",
  signupFeeButton: "Pagar inscripción",
  signupFeeComeBack: "Después de pagarla te traemos de vuelta a este paquete.",
  backToPackage: "Inscripción pagada. Ahora completa la compra de tu paquete.",
  acceptPage: "Aceptar",
  packageMissing: messages.packageNotFound,
  thanksTitle: "¡Gracias por tu compra!",
  thanksPending: "Tu compra está pendiente de pago",
  folio: "Folio",
  package: "Paquete",
  date: "Fecha",
  status: "Estado",
  credits: "Créditos",
  unlimited: "Ilimitadas",
  expires: "Vence",
  onlineAccess: "Acceso a clases online hasta",
  membership: "Membresía ilimitada",
  bankDetails: "Datos para tu pago",
  bank: "Banco",
  cardNumberBank: "Tarjeta",
  account: "Cuenta",
  clabe: "CLABE",
  beneficiary: "Beneficiario",
  nextSteps: "Siguientes pasos",
  bookClass: "Reservar una clase",
  bookFirstClass: "Reserva tu primera clase",
  paidWith: "Pagado en la misma compra",
  // A pending OXXO, SPEI or cash order: nothing is paid yet, so its lines are what it includes.
  includes: "Incluye",
  myPurchases: "Ver Mis Compras",
  download: "Descargar",
  cashNextStep: "Tus clases se activan cuando el estudio confirme tu pago.",
  // OXXO and SPEI (decision 0034)
  oxxo: "OXXO",
  spei: "Transferencia SPEI",
  oxxoHint: "Paga en efectivo en cualquier OXXO con una ficha. Tus clases se activan al confirmarse el pago.",
  speiHint: "Transfiere desde tu banco a una CLABE. Tus clases se activan al llegar la transferencia.",
  offlineSubscription: "Las suscripciones se pagan con tarjeta.",
  oxxoTooMuch: "OXXO acepta pagos de hasta $10,000.00 por ficha. Elige tarjeta o transferencia SPEI.",
  payOxxo: "Generar ficha OXXO",
  paySpei: "Obtener datos para transferir",
  voucherReady: "Tu ficha de pago está lista.",
  speiReady: "Estos son los datos para tu transferencia.",
  oxxoTitle: "Ficha de pago OXXO",
  speiTitle: "Transferencia SPEI",
  amountToPay: "Monto a pagar",
  oxxoReference: "Referencia",
  speiReference: "Referencia",
  payBefore: "Paga antes del",
  oxxoInstructions:
    "Paga en cualquier OXXO en efectivo: muestra el código de barras o dicta la referencia en caja. OXXO cobra una comisión por el servicio. Tus clases se activan cuando se confirme el pago (puede tardar hasta un día hábil).",
  speiInstructions:
    "Haz una transferencia SPEI desde la app o el portal de tu banco a esta CLABE, por el monto exacto y con la referencia. Tus clases se activan cuando llegue la transferencia.",
  print: "Imprimir",
  copyReference: "Copiar referencia",
  copyClabe: "Copiar CLABE",
  copied: "Copiado",
  hostedVoucher: "Ver ficha para imprimir",
  barcode: "Código de barras de la referencia",
  voucherExpired: "Esta ficha venció sin pago y la compra se canceló. Puedes volver a comprar el paquete.",
  sandboxBadge: "Sandbox",
  sandboxTitle: "Modo de prueba",
  sandboxOxxoNote:
    "Esta ficha es de prueba: ninguna tienda OXXO la acepta. Simula aquí que la pagaste en caja.",
  sandboxSpeiNote: "Esta CLABE es de prueba: ningún banco la acepta. Simula aquí que llegó la transferencia.",
  simulatePayment: "Simular pago",
  sandboxPaid: "Pago recibido: tus créditos ya están activos.",
  pendingPayment: "Pago pendiente",
};

/**
 * What the card form and the other checkout paths show for an error (docs/product-rules.md#cards).
 * The server already answers the Spanish texts; the fallbacks cover a missing or generic message.
 */
export function checkoutErrorMessage(error: unknown, withDiscount: boolean): string {
  if (!isApiError(error)) return messages.checkoutDefault;
  const e = error as ApiError;
  switch (e.status) {
    case 402:
      return e.message || messages.cardDeclinedByBank;
    case 400:
      return e.code === "NO_PAYMENT_METHOD"
        ? messages.noPaymentMethod
        : e.message || messages.noPaymentMethod;
    case 409:
      return e.code === "PURCHASE_LIMIT" ? messages.purchaseLimitReached : e.message;
    case 412:
      if (withDiscount && e.code.startsWith("DISCOUNT")) return messages.cardDiscountNotUsable;
      return e.message || messages.packageSoldOut;
    case 404:
      return messages.packageNotFound;
    default:
      return e.status >= 500 || e.status === 0
        ? messages.checkoutDefault
        : e.message || messages.checkoutDefault;
  }
}
