/**
 * Every Spanish text the specifications quote, by key, verbatim (typos included where the seeds
 * have them: they are the product's words). Server errors and the web's notifications read from
 * here so a text is changed in one place. UI-only copy lives in web/app/copy.ts.
 */
export const messages = {
  // Generic API errors (ours: the seeds leave them out)
  internal: "Lo sentimos, ocurrió un error inesperado. Inténtalo más tarde.",
  validation: "Revisa los datos enviados.",
  notFound: "No encontramos lo que buscas.",
  routeNotFound: "Esta ruta no existe.",
  unauthorized: "Debes iniciar sesión para continuar.",
  forbidden: "No tienes permiso para hacer esto.",
  rateLimited: "Demasiados intentos. Espera un momento e inténtalo de nuevo.",
  payloadTooLarge: "El contenido enviado es demasiado grande.",
  unsupportedMediaType: "Tipo de contenido no soportado.",
  databaseUnavailable: "El servicio no está disponible en este momento. Inténtalo en unos segundos.",
  invalidJson: "El cuerpo de la solicitud no es JSON válido.",
  sessionExpired: "Tu sesión expiró. Vuelve a iniciar sesión.",
  configKeyUnknown: "Esta opción de configuración no existe.",
  configSaved: "Configuración guardada.",

  // Access (seed 000 sections 5 and 8)
  userNotFound: "Lo sentimos. No encontramos una cuenta con ese correo. ¡Regístrate!",
  wrongPassword: "La contraseña es incorrecta. Por favor, intenta de nuevo",
  accountExists: "Ya tienes una cuenta con nosotros. Por favor, inicia sesión.",
  phoneInUse: "Ya existe una cuenta con ese número de teléfono",
  passwordsDontMatch: "Las contraseñas no coinciden",
  mustAcceptTerms: "Debes aceptar los términos y condiciones antes de continuar.",
  mustAcceptPage: "Debes aceptar {page} para continuar",
  recoverySent: "Te hemos enviado un correo para reestablecer tu contraseña.",
  profileUpdated: "Perfil actualizado con éxito.",
  emailConfirmationSent: "Te enviamos un correo para confirmar tu dirección",
  phoneFormat: "El formato del teléfono no es correcto.",
  cityRequired: "Debes agregar tu ciudad.",
  stateRequired: "Debes agregar tu estado.",
  countryRequired: "Debes agregar tu país.",
  fieldRequired: "Debes llenar este campo.",
  selectRequired: "Debes seleccionar una opción.",
  fileRequired: "Debes cargar el archivo solicitado.",
  checkField: "Revisa el campo: {label}",
  checkFields: "Revisa los campos faltantes o inválidos.",
  completeInfoTitle: "Completar Información",

  // Booking (seed 000)
  guestNameRequired: "Debes ingresar un nombre para tu invitado",
  penaltyActive: "Lo sentimos, no puedes reservar clases porque cuentas con una penalización.",
  creditsExhausted:
    "Lo sentimos. Has agotado todos tus créditos para reservar Clases Presenciales. Adquiere un paquete para seguir reservando.",
  reservationCancelled: "Reservación cancelada.",
  reservationSaved: "¡Reservación guardada con éxito!",
  reservationRegistered: "Reservación registrada.",
  guestNameUpdated: "Nombre actualizado.",
  favoriteAdded: "¡Favorito agregado!",
  favoriteRemoved: "¡Favorito eliminado!",
  waitlistJoined: "Anotada en lista de espera.",
  waitlistLeft: "Eliminada de lista de espera.",
  waitlistEmpty: "No te has anotado a ninguna lista de espera.",
  waitlistOnList: "¡Ya estás en lista de espera!",
  customSpotMapSaved: "custom_spot_map saved.",
  customSpotMapDeleted: "custom_spot_map deleted.",
  tagSaved: "Tag saved.",
  tagDeleted: "Tag deleted.",
  modalDefaultTitle: "Precaución",
  noClassesDay: "No hay clases programadas.",
  noClassesWeek: "No hay más clases programadas esta semana.",
  videoNotFound: "Lo sentimos, no hemos encontrado este video.",
  videosEmpty: "Aún no hay videos disponibles.",
  pageLoadFailed: "Lo sentimos, hubo un error al mostrar este contenido.",
  pageEmpty: "Sin contenido",

  // Commerce (seed 001 section 8)
  checkoutDefault: "Hubo un error al procesar tu compra. Inténtalo más tarde.",
  cardInsufficientFunds: "Lo sentimos. Tu tarjeta ha sido rechazada por fondos insuficientes.",
  cardLostOrStolen:
    "Lo sentimos. Tu tarjeta fue reportada como robada o extraviada y no puede usarse para esta compra.",
  cardDeclinedByBank: "Lo sentimos. Tu tarjeta fue rechazada por tu banco. Comunícate con tu banco.",
  cardExpired: "Tu tarjeta ha expirado",
  cardIncorrectCvc: "El CVV de tu tarjeta es incorrecto",
  cardIncorrectNumber: "El número de la tarjeta es incorrecto.",
  noPaymentMethod: "No has seleccionado un método de pago.",
  packagePeopleLimit: "Lo sentimos, se ha alcanzado el límite de personas para este paquete.",
  packagePurchaseLimit: "Lo sentimos, ya has alcanzado el límite de compras de este paquete.",
  cardDiscountNotUsable: "Lo sentimos. No puedes usar este descuento",
  packageSoldOut: "Este paquete se ha agotado.",
  purchaseLimitReached: "Has alcanzado el límite de compras de este paquete.",
  cardConfirmationPrefix: "Hubo un error al procesar tu compra: ",
  packageNotFound: "Lo sentimos, no encontramos el paquete que quieres comprar.",
  processorRejected:
    "Lo sentimos, nuestro procesador de tarjetas ha rechazado el pago. Comunícate con nosotros.",
  cardFormatInvalid: "El formato de la tarjeta no es válido, revisa los datos que ingresaste por favor.",
  discountUsedUp: "Lo sentimos, ya has agotado este descuento.",
  discountInvalid: "Lo sentimos, ese descuento no es válido.",
  discountNotFound: "Descuento no encontrado.",
  cardDeleteFailed: "Hubo un error al agregar este método de pago.",
  cancelReasonRequired: "Debes indicar un motivo de cancelación.",
  paymentSuccess: "¡Pago exitoso!",
  purchaseSuccess: "¡Compra exitosa!",
  accessGranted: "¡Acceso agregado!",
  accessRevoked: "¡Acceso eliminado!",
  classesRemoved: "¡Clases Restadas!",
  subscriptionCancelled: "¡Suscripción cancelada!",
  paymentSourceSaved: "¡Método de Pago guardado con éxito!",
  paymentSourceDeleted: "Metodo de Pago eliminado con éxito.",
  packageAddedHome: "¡Paquete agregado al home con éxito!",
  packageRemovedHome: "¡Paquete eliminado del home!",
  paymentMethodSaved: "payment_method saved.",
  paymentMethodDeleted: "payment_method deleted.",
  announcementSaved: "Announcement saved.",
  announcementDeleted: "Announcement deleted.",
  noPurchases: "No has hecho ninguna compra.",
  noPaymentSources: "No hay metodos de pago registrados",
  noAnnouncements: "No hay avisos por mostrar.",
} as const;

export type MessageKey = keyof typeof messages;

/** Fills {placeholders}: t("mustAcceptPage", { page: "Términos" }). */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
