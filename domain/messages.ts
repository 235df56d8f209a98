/**
 * Every Spanish text the original product shows, by key, verbatim (typos included where its texts
 * have them: they are the product's words). Server errors and the web's notifications read from
 * here so a text is changed in one place. UI-only copy lives in web/lib/copy.ts.
 */
import { invoicingMessages } from "./fiscal/invoicing";
import { publicMessages } from "./messages-public";

export const messages = {
  // Generic API errors (ours: the original product never worded them)
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
  crossSiteRequest:
    "No pudimos aceptar esta solicitud porque no viene de este sitio. Recarga la página e inténtalo de nuevo.",
  invalidCharacters: "El texto enviado contiene caracteres no válidos. Quítalos e inténtalo de nuevo.",
  textTooLong: "El texto enviado es demasiado largo.",
  sessionExpired: "Tu sesión expiró. Vuelve a iniciar sesión.",
  configKeyUnknown: "Esta opción de configuración no existe.",
  configSaved: "Configuración guardada.",
  configOffsetDerived: "La diferencia con UTC se calcula de la zona horaria: cambia la zona horaria.",
  configDomainDerived: "El dominio se toma de PUBLIC_URL, la dirección con la que corre el servidor.",

  // Access (docs/product-rules.md#accounts)
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

  // Booking (docs/product-rules.md#booking-window to #penalties)
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
  // The public calendar's texts (noClassesDay, noClassesWeek): kept in their own small module
  // for the visitor's JavaScript budget (docs/decisions/0075).
  ...publicMessages,
  videoNotFound: "Lo sentimos, no hemos encontrado este video.",
  videosEmpty: "Aún no hay videos disponibles.",
  pageLoadFailed: "Lo sentimos, hubo un error al mostrar este contenido.",
  pageEmpty: "Sin contenido",

  // Commerce (docs/product-rules.md#checkout and #cards)
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
  // Ours: the API's answer when the card is not one of the customer's (the web keeps its toast).
  paymentSourceNotFound: "No encontramos esa tarjeta entre tus métodos de pago.",
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
  // Accounts (ours: rules the original product implies but never words)
  passwordTooShort: "La contraseña es muy corta: usa más caracteres (al menos {min}).",
  passwordTooLong: "La contraseña debe tener como máximo {max} caracteres.",
  passwordNeedsLowercase: "La contraseña debe incluir una letra minúscula.",
  passwordNeedsUppercase: "La contraseña debe incluir una letra mayúscula.",
  passwordNeedsNumber: "La contraseña debe incluir un número.",
  passwordNeedsSymbol: "La contraseña debe incluir un símbolo.",
  emailInvalid: "Escribe un correo electrónico válido.",
  nameRequired: "Debes escribir tu nombre.",
  lastNameRequired: "Debes escribir tu apellido.",
  passwordRequired: "Debes escribir tu contraseña.",
  resetTokenInvalid: "El enlace para restablecer tu contraseña no es válido o ya venció. Pide uno nuevo.",
  passwordChanged: "Tu contraseña se cambió. Ya puedes entrar.",
  passwordTooCommon:
    "Esa contraseña es demasiado común y fácil de adivinar. Prueba con una frase de tres o cuatro palabras.",
  passwordTooPredictable:
    "Esa contraseña sigue un patrón fácil de adivinar (como 1234, qwerty o letras repetidas): usa más caracteres o una frase de varias palabras.",
  passwordPersonal: "La contraseña no debe basarse en el nombre del estudio, tu nombre ni tu correo.",
  passwordUpdated: "Tu contraseña se actualizó. Cerramos tu sesión en los demás dispositivos.",
  currentPasswordRequired: "Escribe tu contraseña actual.",
  tooManyEmails:
    "Demasiados intentos con correos distintos desde esta conexión. Espera {seconds} segundos e inténtalo de nuevo.",
  emailSameAsCurrent: "Ese ya es tu correo.",
  emailChangeLinkInvalid:
    "El enlace para confirmar tu correo no es válido o ya venció. Pide otro desde Mi Información.",
  emailChanged: "Listo: tu correo se actualizó. Desde ahora entras con el nuevo.",
  profileNotYours: "Solo puedes editar tu propio perfil.",
  addressSaved: "Dirección guardada.",
  addressExists: "Ya tienes una dirección registrada.",
  fileTypeNotAllowed: "Este tipo de archivo no está permitido.",
  imageOnly: "Solo puedes subir imágenes.",
  fileMissing: "Debes adjuntar un archivo.",
  fileTooLarge: "El archivo es demasiado grande. El máximo es de {megabytes} MB.",
  fileStorageUnavailable:
    "No pudimos conectar con el almacenamiento de archivos. Intenta de nuevo en unos minutos.",
  fileStorageNotConfigured:
    "El almacenamiento de archivos en la nube no está bien configurado (endpoint, bucket, región o credenciales). Avísale al estudio.",
  numberTooLow: "El número no puede ser menor a -1.",
  numberInvalid: "Debes escribir un número.",
  dateInvalid: "Debes escribir una fecha válida.",
  pageNotRequired: "Esta página no requiere aceptación.",
  // Booking (ours: rules the original product implies but never words)
  classNotFound: "No encontramos esta clase.",
  reservationNotFound: "No encontramos esta reservación.",
  classSoldOut: "Lo sentimos, esta clase ya no tiene lugares disponibles.",
  classNotEnoughSeats: "Lo sentimos, no quedan lugares suficientes para ti y tu invitado.",
  classAlreadyBooked: "Ya tienes una reservación en esta clase.",
  spotTaken: "Ese lugar acaba de ser reservado. Elige otro, por favor.",
  spotInvalid: "Ese lugar no existe o no se puede reservar.",
  spotsMustDiffer: "Tu lugar y el de tu invitado deben ser distintos.",
  guestsNotAllowed: "Esta clase no admite invitados.",
  bookingWindowClosed: "Esta clase todavía no abre reservaciones o ya comenzó.",
  classNeedsPackage: "Esta clase se reserva comprando su paquete.",
  classCancelledByStudio: "Esta clase fue cancelada por el estudio.",
  profileIncomplete: "Debes completar tu información personal antes de reservar clases.",
  pagesPending: "Debes aceptar {page} para continuar",
  cancelDisabled: "Las clases son transferibles pero no cancelables.",
  cancelTooLate: "Ya no puedes cancelar esta clase: faltan menos de {value} {unit} para que comience.",
  cancelStarted: "Esta clase ya comenzó; no se puede cancelar.",
  cancelLimitReached: "Ya usaste todas las cancelaciones permitidas para este crédito ({max}).",
  alreadyCancelled: "Esta reservación ya fue cancelada.",
  cancelWarning:
    "Debido a que faltan menos de {value} {unit} para tu clase, no se te regresará el crédito de la clase.",
  cancelPolicy: "Puedes cancelar tus clases hasta {value} {unit} antes de que comiencen.",
  cancelPolicyAfter:
    "Puedes cancelar tus clases hasta {value} {unit} antes de que comiencen para recuperar tu crédito; después, la clase no se reembolsa.",
  cancelLimitOne: "Puedes cancelar hasta 1 vez por cada crédito de clase.",
  cancelLimitMany: "Puedes cancelar hasta {max} veces por cada crédito de clase.",
  ratingNotAllowed: "Esta clase no se puede calificar.",
  ratingSaved: "¡Gracias por tu calificación!",
  guestNotFound: "Esta reservación no tiene invitado.",
  calendarFeedRevoked: "Enlace de calendario revocado.",
  changeStarted: "Esta clase ya comenzó; ya no puedes cambiar tu reservación.",
  changeTooLate: "Ya no puedes cambiar tu lugar: faltan menos de {value} {unit} para que comience la clase.",
  cancelTimeLeft: "Faltan {time} para tu clase.",
  bookingInsideWindowNoCancel:
    "Esta clase comienza en {time} y ya pasó el límite de cancelación ({value} {unit} antes): si la reservas, no podrás cancelarla.",
  bookingInsideWindowNoRefund:
    "Esta clase comienza en {time} y ya pasó el límite de cancelación ({value} {unit} antes): si la reservas y después cancelas, no se te regresará el crédito.",
  // Content (ours: the original product words only the tag and announcement ones)
  pageSaved: "Página guardada.",
  pageDeleted: "Página eliminada.",
  pageSlugTaken: "Ya existe una página con esa dirección.",
  pageSlugReserved: "Esa dirección la usa otra sección del sitio. Elige otra.",
  instructorSaved: "Coach guardado.",
  instructorDeleted: "Coach eliminado.",
  instructorHasClasses: "Este coach tiene clases asignadas. Desactívalo en lugar de eliminarlo.",
  instructorFileMissing: "La imagen seleccionada no existe.",
  // Videos (ours: the original product answers 412 for "needs a purchase", without a message)
  videosPurchaseRequired:
    "No tienes una membresía activa para clases online. Adquiere un paquete online para ver los videos.",
  videosDisabled: "Las clases online no están disponibles.",
  videoRatingSaved: "¡Gracias por calificar este video!",
  videoRatingEmailSent: "Te enviamos un correo para calificar este video.",
  videoRatingEmailSubject: "¿Qué te pareció {video}?",
  videoCompleted: "¡Clase completada!",
  videoUncompleted: "Clase marcada como no completada.",
  programNotFound: "No encontramos este programa.",
  programSaved: "Programa guardado.",
  programDeleted: "Programa eliminado.",
  videoTagNotFound: "No encontramos esta etiqueta.",
  // Commerce (ours: the original product leaves these cases unworded)
  signupFeeRequired: "Antes de comprar un paquete debes pagar tu inscripción.",
  idempotencyKeyRequired: "Falta la clave de idempotencia de la compra.",
  idempotencyKeyReused: "Esta solicitud ya se usó para otra compra. Vuelve a intentarlo.",
  subscriptionNotActive: "Esta suscripción ya no está activa.",
  purchaseNotPending: "Esta compra ya no está pendiente de pago.",
  purchaseNotFound: "No encontramos esta compra.",
  cardAlreadySaved: "Esta tarjeta ya está guardada.",
  cardSetupInBrowser: "Escribe los datos de tu tarjeta en el formulario para guardarla.",
  cardSetupNotCompleted: "No se terminó de guardar la tarjeta. Inténtalo de nuevo.",
  cardRequiresAction: "Tu banco pidió una verificación adicional. Inténtalo de nuevo.",
  // Admin schedule and catalogue (ours: the original product names the screens only)
  classSaved: "Clase guardada.",
  classCancelled: "Clase cancelada.",
  classAlreadyCancelled: "Esta clase ya fue cancelada.",
  classCapacityBelowBooked: "La capacidad no puede ser menor que los lugares ya reservados ({reserved}).",
  classDateInvalid: "Indica fecha y hora como AAAA-MM-DD HH:mm.",
  classRepeated: "Clases creadas: {created}. Ya existían: {skipped}.",
  repeatUntilInvalid: "La fecha límite debe ser posterior a la clase y a menos de un año.",
  weekCopied: "Semana copiada. Clases creadas: {created}. Ya existían: {skipped}.",
  copyWeekSame: "Elige una semana distinta a la de origen.",
  classCancelledEmailSubject: "Tu clase {class} fue cancelada",
  classCancelledEmailBody:
    "Hola {name}, el estudio canceló la clase {class} del {date}. Tu reservación quedó cancelada.",
  classCancelledEmailRefund: "Te devolvimos {credits} crédito(s) para que reserves otra clase.",
  locationSaved: "Ubicación guardada.",
  locationDeleted: "Ubicación eliminada.",
  locationInUse: "No puedes eliminar esta ubicación porque tiene clases. Desactívala para ocultarla.",
  classTypeSaved: "Tipo de clase guardado.",
  classTypeDeleted: "Tipo de clase eliminado.",
  classTypeInUse:
    "No puedes eliminar este tipo de clase porque tiene clases, paquetes o créditos que lo usan. Desactívalo para ocultarlo.",
  spotMapInvalid:
    "El mapa de lugares debe ser una lista de números separados por comas, por ejemplo 4,5,5,6.",
  classCategorySaved: "Categoría guardada.",
  classCategoryDeleted: "Categoría eliminada.",
  classCategoryInUse: "No puedes eliminar esta categoría porque tiene clases. Desactívala para ocultarla.",
  customSpotMapInUse: "No puedes eliminar este mapa porque un tipo de clase lo usa.",
  customSpotMapInvalid: "Los lugares deben estar dentro de las filas y columnas del mapa.",
  packageSaved: "Paquete guardado.",
  packageDeleted: "Paquete eliminado.",
  packageInUse:
    "No puedes eliminar este paquete porque ya tiene compras o clases. Desactívalo para ocultarlo.",
  videoSaved: "Video guardado.",
  videoDeleted: "Video eliminado.",
  videoTypeSaved: "Tipo de video guardado.",
  videoTypeDeleted: "Tipo de video eliminado.",
  videoTypeInUse: "No puedes eliminar este tipo de video porque tiene videos.",
  catalogueNameRequired: "Escribe un nombre de al menos 2 letras.",
  catalogueFieldRequired: "Este campo es obligatorio.",
  // Admin customers (ours: the original product quotes only the three success messages)
  customerNotFound: "No encontramos a este cliente.",
  noClassesToRemove: "Este cliente no tiene clases disponibles para restar.",
  accessAlreadyRevoked: "Este acceso ya fue eliminado.",
  paymentMethodNotFound: "No encontramos este método de pago.",
  penaltyNotFound: "No encontramos esta penalización.",
  penaltyLifted: "Penalización levantada.",
  penaltyAlreadyLifted: "Esta penalización ya no está activa.",
  adminReservationBooked: "Reservación agregada.",
  // Credit buckets and penalties edited by hand (ours)
  creditBucketNotFound: "No encontramos estos créditos.",
  creditBucketSaved: "Créditos guardados.",
  creditBucketDeleted: "Créditos eliminados.",
  creditAmountInvalid: "Las clases deben ser 0 o más (-1 para ilimitadas).",
  creditExpiryPast: "La fecha de vencimiento debe ser posterior a hoy.",
  classTypeNotFound: "No encontramos uno de los tipos de clase elegidos.",
  allowedTimesInvalid: "Escribe los horarios como horas separadas por comas, por ejemplo 07:00,18:30.",
  penaltySaved: "Penalización guardada.",
  penaltyEndPast: "La penalización debe terminar en una fecha futura.",
  penaltyEndBeforeStart: "La penalización debe terminar después de su inicio.",
  // The customer's booking rules as the front desk reads them: about the customer, with the way
  // past them where there is one (decision 0015).
  deskPenaltyActive:
    "Este cliente tiene una penalización activa. Activa «Omitir reglas de reservación» para reservar de todos modos.",
  deskProfileIncomplete:
    "A este cliente le faltan datos de su perfil. Activa «Omitir reglas de reservación» para reservar de todos modos.",
  deskPagesPending:
    "Este cliente no ha aceptado {page}. Activa «Omitir reglas de reservación» para reservar de todos modos.",
  deskBookingWindow:
    "Esta clase todavía no abre reservaciones o ya comenzó. Si aún no abre, activa «Omitir reglas de reservación».",
  deskAlreadyBooked: "Este cliente ya tiene una reservación en esta clase.",
  deskNoCredits: "Este cliente no tiene clases disponibles para esta clase. Agrégale un acceso primero.",
  deskNotEnoughSeats: "No quedan lugares suficientes para el cliente y su invitado.",
  deskCancelTooLate:
    "Ya pasó el límite de cancelación de esta clase. Activa «Omitir la política de cancelación» para cancelar y devolver el crédito.",
  deskCancelDisabled:
    "La cancelación está desactivada en la configuración. Activa «Omitir la política de cancelación» para cancelar.",
  deskCancelLimitReached:
    "Este crédito ya usó sus cancelaciones permitidas. Activa «Omitir la política de cancelación» para cancelar.",
  // The customer record at the front desk (decision 0022; ours)
  customerUpdated: "Cliente actualizado.",
  emailInUse: "Ya existe una cuenta con ese correo.",
  tagsSaved: "Etiquetas guardadas.",
  noteAdded: "Nota agregada.",
  noteRequired: "Escribe la nota.",
  passwordResetSent: "Enviamos al cliente un correo para restablecer su contraseña.",
  customerWithoutLogin: "Este cliente no tiene una cuenta para iniciar sesión.",
  customerDeactivatedDone: "Cuenta desactivada. El cliente ya no puede iniciar sesión ni reservar.",
  customerReactivated: "Cuenta reactivada.",
  customerDeactivated: "La cuenta de este cliente está desactivada. Reactívala para reservar o vender.",
  customerAlreadyDeactivated: "Esta cuenta ya está desactivada.",
  customerAlreadyActive: "Esta cuenta ya está activa.",
  customerMerged: "Esta cuenta se unió a otra y ya no se puede usar.",
  customersMerged: "Cuentas unidas.",
  mergeSameCustomer: "Elige otra cuenta: no se puede unir un cliente consigo mismo.",
  mergeSharedClass:
    "Las dos cuentas tienen reservación en la misma clase. Cancela una de las dos antes de unirlas.",
  accountDeactivated: "Tu cuenta está desactivada. Comunícate con el estudio para reactivarla.",
  deskSaleDone: "Venta registrada. Enviamos el recibo al cliente.",
  deskGiftDone: "Paquete regalado. Le avisamos al cliente por correo.",
  deskCardCharged: "Cobro aprobado. Enviamos el recibo al cliente.",
  deskCardNotFound: "Esa tarjeta no está guardada por este cliente.",
  deskCardSubscription:
    "Una suscripción no se cobra con una tarjeta guardada en mostrador: usa la terminal del estudio o que el cliente la compre en línea.",
  // Commerce: renewals, provider adapters and webhooks (ours)
  invoiceNotFound: "No encontramos este cargo.",
  invoiceNotPending: "Este cargo ya no está pendiente de pago.",
  webhookSignatureInvalid: "La firma del webhook no es válida.",
  paymentProviderError: "No pudimos comunicarnos con el procesador de pagos. Inténtalo de nuevo.",
  paymentProviderNotConfigured: "Este método de pago no está configurado.",
  // OXXO and SPEI (decision 0034)
  offlineMethodDisabled: "Este estudio no acepta este método de pago.",
  offlineSubscriptionRefused:
    "Las suscripciones se pagan con tarjeta: OXXO y transferencia SPEI solo están disponibles para paquetes sin renovación.",
  oxxoAmountTooHigh: "OXXO acepta pagos de hasta $10,000.00 por ficha. Elige tarjeta o transferencia SPEI.",
  offlineNothingToPay: "Esta compra no tiene nada que pagar.",
  voucherNotPending: "Esta ficha ya no está pendiente de pago.",
  paypalNotCompleted: "PayPal no completó el pago. Inténtalo de nuevo.",
  paymentSessionInvalid: "Este enlace de pago no es válido o ya fue usado.",
  // Mercado Pago (decision 0035)
  mercadopagoRejected: "Mercado Pago rechazó el pago. Inténtalo de nuevo con otro medio de pago.",
  mercadopagoSubscriptionsDisabled: "Las suscripciones no se pueden pagar con Mercado Pago en este estudio.",
  mercadopagoSubscriptionDiscount:
    "Los códigos de descuento no aplican a suscripciones pagadas con Mercado Pago. Quita el código o paga con tarjeta.",
  // Waitlists, check-in and no-shows (ours)
  waitlistDisabled: "La lista de espera no está disponible.",
  waitlistNotFound: "No encontramos esta lista de espera.",
  waitlistClassHasSeats: "Esta clase todavía tiene lugares: puedes reservarla directamente.",
  waitlistAlreadyBooked: "Ya tienes un lugar en esta clase.",
  waitlistAlreadyOnList: "Ya estás en la lista de espera de esta clase.",
  waitlistClassClosed: "Esta clase ya no acepta lista de espera.",
  waitlistNoOffer: "No tienes un lugar ofrecido en esta clase.",
  waitlistOfferExpired: "El tiempo para aceptar este lugar terminó.",
  waitlistOfferTaken: "Alguien más aceptó el lugar primero. Sigues en la lista de espera.",
  waitlistOfferAccepted: "¡Listo! Tienes lugar en la clase.",
  attendanceSaved: "Asistencia actualizada.",
  // Check-in screen (ours): states, "Marcar a todos" and walk-ins
  lateCancelSaved: "Cancelación tardía registrada. El crédito no se devuelve.",
  noShowBeforeStart: "La clase aún no empieza: la inasistencia se marca cuando haya empezado.",
  checkInAllSaved: "Marcamos la asistencia de todos los pendientes.",
  walkInSaved: "Cliente agregado a la clase con su asistencia registrada.",
  walkInCustomerRequired: "Elige un cliente o escribe el nombre y el teléfono de uno nuevo.",
  walkInPackageRequired: "Elige el paquete que se pagó en efectivo.",
  waitlistEntryRemoved: "Se quitó la entrada de la lista de espera.",
  // Privacy (ARCO rights, ours)
  closureRequested:
    "Recibimos tu solicitud para cerrar tu cuenta. El estudio la confirmará y entonces borraremos tus datos personales.",
  accountClosed:
    "Cuenta cerrada: se borraron los datos personales y se conservan sus compras y asistencias sin su nombre.",
  accountAlreadyClosed: "Esta cuenta ya está cerrada.",
  // Refunds and frozen memberships (decision 0027, ours)
  refundSaved: "Reembolso registrado.",
  refundAmountInvalid:
    "El monto a reembolsar debe ser mayor a cero y no más de lo que queda por reembolsar ({left}).",
  refundNothingToRefund: "Esta compra no tiene un pago que se pueda reembolsar.",
  refundFailed:
    "El procesador de pagos no pudo hacer el reembolso ({code}). No se cambió nada; inténtalo de nuevo.",
  refundKeyReused:
    "Esta solicitud de reembolso ya se usó con otros datos. Recarga la página e inténtalo de nuevo.",
  refundPaypalSubscription:
    "Los cargos de una suscripción de PayPal se reembolsan desde PayPal; aquí se registrarán solos.",
  membershipFrozen:
    "Tu membresía está congelada del {from} al {to}: no puedes reservar clases en esas fechas.",
  freezeSaved: "Membresía congelada del {from} al {to}.",
  freezeCancelled: "Se quitó el congelamiento de la membresía.",
  freezeNotAllowed: "Solo se puede congelar una membresía ilimitada o una suscripción activa.",
  freezeDatesInvalid:
    "Elige fechas válidas: el congelamiento empieza hoy o después y dura de 1 a {max} días.",
  freezeOverlaps: "Ya hay un congelamiento en esas fechas.",
  freezeByCustomerDisabled:
    "El estudio no permite congelar la membresía desde tu cuenta. Escríbenos y lo hacemos por ti.",
  freezeFeeNeedsCard: "Para pagar la cuota de congelamiento necesitas una tarjeta guardada.",
  freezeAlreadyStarted: "Este congelamiento ya empezó y no se puede quitar.",
  invoiceNotFailed: "Este cargo no está pendiente de pago.",
  invoicePaid: "¡Listo! Pagamos el cargo y tu suscripción sigue activa.",
  renewalVoucherMade: "Listo. Paga la ficha antes de su vencimiento y tu suscripción sigue activa.",
  renewalVoucherEnded:
    "Tu suscripción terminó y esta ficha ya no se puede pagar. Si ya la pagaste, te devolvemos el dinero.",
  renewalVoucherPeriodPaid:
    "Este periodo ya está pagado; esta ficha ya no se puede pagar. Si ya la pagaste, te devolvemos el dinero.",
  // Error texts that had lived beside their code (one owner now: the catalogue in domain/error-codes.ts)
  recordExists: "Este registro ya existe.",
  invalidReference: "Uno de los elementos indicados no existe.",
  lastOwner: "El estudio necesita al menos un propietario.",
  setupClosed: "El estudio ya tiene propietario. Entra con tu cuenta.",
  alreadyStaff: "Esta persona ya es parte del equipo; cambia su rol en la lista.",
  instructorLinked: "Ese perfil de coach ya tiene a alguien asignado.",
  noCoachProfile: "Tu cuenta no tiene un perfil de coach. Pídelo al propietario.",
  classInPast: "Esta clase ya pasó: no se puede editar ni cancelar, solo tomar asistencia.",
  noticeNotFound: "No encontramos ese aviso.",
  freeCancelNotOffered: "Esta reservación no tiene cancelación sin costo por un cambio del estudio.",
  substitutionNotCoach: "El coach a sustituir no da una de las clases elegidas.",
  // The team (staff roles, decision 0031): invitations and the team list.
  staffInvitationInvalid: "Esta invitación ya no es válida. Pide al propietario una nueva.",
  staffInvitationNotPending: "Esa invitación ya no está pendiente.",
  staffMemberNotFound: "Esa persona no es parte del equipo.",
  coachProfileNotFound: "No encontramos ese perfil de coach.",
  staffPasswordMismatch: "La contraseña no coincide con la de tu cuenta.",
  staffNameRequired: "Escribe tu nombre.",
  staffEmailTaken: "Ya hay una cuenta con este correo; usa otro.",
  // Money that adds up (decisions 0049-0052): refunds finished later, the fee paid once, receipts.
  refundProcessorUnreachable:
    "No pudimos confirmar el reembolso con el procesador de pagos. Quedó registrado y lo terminaremos en unos minutos; no lo repitas.",
  signupFeeCarried: "{carried} Págala con esa orden; si vence, podrás pagarla aquí.",
  // The card field: each message names the field and how to fix it (decision 0052).
  cardNumberRequired: "Escribe el número de tu tarjeta.",
  cardNumberInvalid:
    "El número de tarjeta no es válido: revisa los 16 dígitos (15 en American Express) tal como aparecen en tu tarjeta.",
  cardExpiryRequired: "Escribe el vencimiento de tu tarjeta como MM/AA, por ejemplo 12/30.",
  cardExpiryInvalid:
    "El vencimiento no es válido: usa MM/AA o MM/AAAA, con un mes del 01 al 12 (por ejemplo 12/30).",
  cardExpiryPast: "El vencimiento ya pasó: revisa la fecha de tu tarjeta o usa otra.",
  cardCvcRequired:
    "Escribe el CVV: los 3 dígitos al reverso de tu tarjeta (4 al frente en American Express).",
  cardCvcInvalid: "El CVV tiene 3 dígitos (4 en American Express): revísalo en tu tarjeta.",
  // Identity and control (decisions 0053-0056): who may change a login, first owner, sessions.
  staffAccountProtected:
    "Esta cuenta es de una persona del equipo: solo ella puede cambiar su correo, su contraseña o su acceso.",
  setupCodeInvalid:
    "Ese código de configuración no es válido o ya venció. Cópialo de lo que el servidor mostró al arrancar (al reiniciarlo muestra uno nuevo).",
  setupCodeRequired: "Escribe el código de configuración.",
  signInThrottled:
    "Demasiados intentos con esta cuenta desde esta conexión. Espera {seconds} segundos e inténtalo de nuevo.",
  sessionEnded: "Cerramos esa sesión.",
  sessionNotFound: "Esa sesión ya no está abierta.",
  customerEmailChangePending:
    "Guardamos los cambios. El correo de acceso cambiará a {email} cuando la persona lo confirme desde esa dirección; también avisamos a su correo actual.",
  // The cash close (corte de caja, decision 0063).
  locationNotFound: "No encontramos esa sucursal.",
  cashCloseDayInvalid: "Elige un día válido (AAAA-MM-DD) que no sea futuro.",
  cashCloseAmountInvalid: "Escribe el efectivo contado en pesos, sin negativos y con hasta dos decimales.",
  cashCloseReopenReason: "Escribe el motivo para reabrir el corte (al menos 5 caracteres).",
  cashCloseNotFound: "No encontramos ese corte de caja.",
  cashCloseAlreadyClosed:
    "Este día ya tiene corte en esta sucursal. Para corregirlo, el dueño o un gerente debe reabrirlo.",
  cashCloseAlreadyReopened: "Este corte ya fue reabierto.",
  cashClosed: "Corte de caja registrado.",
  cashCloseReopened: "Corte reabierto. Ya puedes registrar un nuevo conteo.",
  // Facturas CFDI (decisions 0036, 0058, 0072): the texts live beside their rules in
  // domain/fiscal/invoicing.ts; here they get the keys the error catalogue names.
  facturaFiscalDataMissing: invoicingMessages.fiscalDataMissing,
  facturaDeskFiscalDataMissing: invoicingMessages.deskFiscalDataMissing,
  facturaNotPaid: invoicingMessages.notPaid,
  facturaNothingToInvoice: invoicingMessages.nothingToInvoice,
  facturaNothingForGlobal: invoicingMessages.nothingForGlobal,
  facturaRefunded: invoicingMessages.refunded,
  facturaOutsidePeriod: invoicingMessages.outsidePeriod,
  facturaInGlobal: invoicingMessages.inGlobal,
  facturaIssueFailed: invoicingMessages.issueFailed,
  facturaCancelRefused: invoicingMessages.cancelRefused,
  facturaPacUnavailable: invoicingMessages.pacUnavailable,
  facturaNotFound: invoicingMessages.invoiceNotFound,
  facturaNotFailed: invoicingMessages.notFailed,
  facturaInProgress: invoicingMessages.inProgress,
  facturaNotIssued: invoicingMessages.notIssued,
  facturaGlobalPeriodOpen: invoicingMessages.globalPeriodOpen,
  facturaReplacementRequired: invoicingMessages.replacementRequired,
  facturaReplacementInvalid: invoicingMessages.replacementInvalid,
  facturaNotCancellable: invoicingMessages.notCancellable,
  facturaCancellationPending: invoicingMessages.cancellationPending,
  facturaNoCancellationPending: invoicingMessages.noCancellationPending,
  chargeProcessorUnreachable:
    "No pudimos confirmar el cobro con el procesador de pagos. Quedó registrado y lo terminaremos en unos minutos; no lo repitas.",
  // Reports (decision 0078).
  reportPeriodInvalid:
    "Elige un periodo válido: la fecha inicial antes o igual que la final, y a lo más 6 años.",
  reportKeyRequired: "Indica qué cifra quieres abrir.",
  // Coach pay (decision 0079).
  coachNotFound: "No encontramos a ese coach.",
  coachPayAlreadyApproved: "El pago de este coach en este periodo ya está aprobado.",
  coachPayHidden: "El estudio no muestra el pago a los coaches. Pregunta a la persona dueña del estudio.",
  coachRateChangeNotFound: "Ese coach no tiene una tarifa desde esa fecha.",
  coachRateChangeApproved:
    "No se puede borrar esta tarifa: cambiaría el pago ya aprobado del {from} al {to}. Las tarifas de un periodo aprobado se quedan como están.",
  coachPayApproved: "Pago aprobado.",
  coachPayRateSaved: "Tarifa guardada.",
  coachPayTiersInvalid:
    "Cada escalón necesita un número de personas (1 o más) y un monto; sin números repetidos.",
  // The desk's day: Hoy, the check-in kiosk (docs/product-rules.md#hoy, #kiosk; decisions 0096-0098).
  attendanceRemoved: "Asistencia quitada.",
  kioskOpened: "Modo quiosco abierto. Para salir se pide el PIN.",
  kioskClosed: "Modo quiosco cerrado.",
  kioskPinInvalid: "El PIN debe tener de 4 a 8 números.",
  kioskPinWrong: "PIN incorrecto.",
  kioskPinLocked: "Demasiados intentos con un PIN incorrecto. Espera unos minutos o pide ayuda en recepción.",
  kioskNotOpen: "Este dispositivo no está en modo quiosco. Pide a recepción que lo abra.",
  kioskCheckedIn: "¡Listo, {name}! Ya registramos tu asistencia.",
  kioskAlreadyIn: "{name}, tu asistencia ya estaba registrada.",
  kioskTooEarly: "Aún es temprano: el registro para tu clase de las {time} abre a las {opens}.",
  kioskTooLate: "El registro para tu clase de las {time} cerró a las {closes}. Pasa a recepción.",
  kioskWaiverRequired:
    "Antes de entrar necesitas firmar la carta responsiva del estudio. Pasa a recepción para firmarla.",
  kioskNoBooking:
    "No encontramos una reservación para hoy con esos datos. Pasa a recepción y con gusto te ayudamos.",
  kioskQrInvalid:
    "Este código no es de una reservación. Abre tu reservación en la app y muestra su código QR.",
  kioskSlowDown:
    "Demasiados intentos con teléfonos que no encontramos. Espera unos minutos o pasa a recepción.",
  kioskPhoneInvalid: "Escribe tu teléfono de 10 dígitos.",
  kioskLookupRequired: "Escanea tu código QR o escribe tu teléfono.",
  // Carta responsiva (decision 0099).
  waiverRequired: "Antes de tu primera clase necesitas firmar la carta responsiva del estudio.",
  waiverOutdated: "El estudio actualizó su carta responsiva: fírmala de nuevo para reservar.",
  waiverNotFound: "El estudio todavía no ha publicado su carta responsiva.",
  waiverNotCurrent:
    "Esa versión de la carta responsiva ya no es la vigente. Recarga la página y firma la nueva.",
  waiverSignatureInvalid: "No pudimos leer la firma. Dibújala otra vez o escribe tu nombre.",
  waiverNameRequired: "Escribe tu nombre completo (de 3 a 120 caracteres).",
  waiverAcceptRequired: "Marca que leíste y aceptas la carta responsiva.",
  waiverSignatureRequired: "Dibuja tu firma o elige firmar escribiendo tu nombre.",
  waiverTitleRequired: "Escribe un título para la carta responsiva.",
  waiverSigned: "Carta responsiva firmada. Te enviamos una copia en PDF por correo.",
  waiverSignedAtDesk: "Carta responsiva firmada. Enviamos la copia en PDF a su correo.",
  waiverPublished: "Versión {version} publicada. Quienes firmaron una versión anterior la firmarán de nuevo.",
  // Series edits (decision 0100).
  seriesCapacityBelowBooked:
    "La clase del {date} ya tiene {reserved} lugares reservados: el cupo no puede ser menor. No se guardó ningún cambio.",
  // Substitute requests (decision 0101).
  substituteRequestNotFound: "No encontramos esa solicitud de suplencia.",
  substituteRequestClosed: "Esa solicitud de suplencia ya no está abierta.",
  substituteNotACoach: "Solo un coach con perfil en el estudio puede pedir o tomar una suplencia.",
  substituteOwnRequest: "No puedes tomar tu propia solicitud de suplencia.",
  substituteAlreadyAsked: "Ya pediste suplente para esta clase.",
  substituteRequested: "Solicitud enviada: avisamos a los demás coaches.",
  substituteTaken: "Tomaste la clase. Te avisamos por correo.",
  substituteTakenPending: "Te ofreciste para la clase. El estudio confirmará la suplencia.",
  substituteApproved: "Suplencia aprobada: avisamos a los coaches y a quienes reservaron.",
  substituteDeclined: "Suplencia rechazada: la solicitud vuelve a estar abierta.",
  substituteCancelled: "Solicitud de suplencia retirada.",
  // Wellhub and TotalPass (docs/product-rules.md#aggregators).
  aggregatorRefusedNotEnabled: "El estudio no tiene activa esta plataforma.",
  aggregatorRefusedClassNotFound: "La clase no existe en el estudio.",
  aggregatorRefusedClassCancelled: "La clase fue cancelada.",
  aggregatorRefusedClassStarted: "La clase ya empezó.",
  aggregatorRefusedAlreadyBooked: "Esta persona ya tiene lugar en la clase.",
  aggregatorRefusedTypeNotOffered: "Este tipo de clase no se ofrece en esta plataforma.",
  aggregatorRefusedDeadlinePassed: "Se venció el plazo para responder la reservación.",
  aggregatorRefusedClassFull: "La clase está llena.",
  aggregatorRefusedCapFull: "Ya no quedan lugares para esta plataforma en la clase.",
  aggregatorUnknown: "No conocemos esa plataforma. Usa wellhub o totalpass.",
  aggregatorNotEnabled: "Esta plataforma no está activa en el estudio.",
  aggregatorSignatureInvalid: "La firma del aviso no es válida.",
  aggregatorSignatureExpired: "El aviso es demasiado antiguo o viene con una hora inválida; no se aplicó.",
  aggregatorEventInvalid: "El aviso no tiene la forma que esta plataforma documenta; no se aplicó.",
  aggregatorClassUnknown: "La clase de ese aviso no está publicada en esta plataforma.",
  aggregatorCredentialsMissing:
    "Para activar la plataforma llena el ID del estudio en ella, la clave de la API y el secreto de los avisos.",
  aggregatorMonthInvalid: "Elige un mes con el formato AAAA-MM.",
  aggregatorVisitNotRetryable: "Esta visita ya no se puede validar: está validada o se venció su plazo.",
  aggregatorSettingsSaved: "Plataforma guardada.",
  aggregatorValidationQueued: "Validación enviada de nuevo.",
  // Messaging: WhatsApp, SMS and push with consent (docs/product-rules.md#messaging; decisions 0087-0089).
  msgBookingConfirmed: "{studio}: {name}, tu lugar en {className} del {when} está reservado.{spot}",
  msgClassChanged:
    "{studio}: {name}, tu clase {className} cambió: {change}. Revisa tus reservaciones en la app.",
  msgClassCancelled:
    "{studio}: {name}, cancelamos la clase {className} del {when}. {refund} Disculpa las molestias.",
  msgReservationCancelled: "{studio}: {name}, cancelaste {className} del {when}. {refund}",
  msgWaitlistOffer:
    "{studio}: {name}, se liberó un lugar en {className} del {when}. Responde SÍ antes de las {expires} para tomarlo.",
  msgClassReminder:
    "{studio}: {name}, te esperamos en {className} el {when}. Si no puedes ir, responde NO VOY. {policy}",
  msgOfflinePaymentReference:
    "{studio}: {name}, tu referencia de pago {method} es {reference} por {amount}. Paga antes del {deadline}.",
  msgRenewalFailed:
    "{studio}: {name}, no pudimos cobrar la renovación de {packageName}. Volveremos a intentarlo el {nextAttempt}. Paga tu periodo o actualiza tu tarjeta en {link} para no perder tu plan.",
  msgRenewalEnded:
    "{studio}: {name}, tu suscripción {packageName} terminó porque no pudimos cobrar su renovación. Puedes contratarla de nuevo en {link}.",
  msgStaffReply: "{studio}: {text}",
  msgIntroFollowup:
    "{studio}: {name}, ¡gracias por tu primera clase! Tenemos paquetes para que sigas entrenando con nosotros.",
  msgWinBack:
    "{studio}: {name}, te extrañamos. Hace {days} días que no vienes: reserva tu próxima clase en la app.",
  msgBirthday: "{studio}: ¡Feliz cumpleaños, {name}! Te esperamos para celebrarlo en clase.",
  msgCreditsExpiring:
    "{studio}: {name}, {credits} vencen el {expires}. Reserva una clase para aprovecharlos.",
  msgLastClassOfPack:
    "{studio}: {name}, acabas de usar la última clase de tu paquete. Compra el siguiente en la app para seguir.",
  msgGiftCard: "{studio}: {name}, {text}",
  msgMarketingFooter: "Responde BAJA para no recibir más promociones.",
  msgStatusQueued: "En cola",
  msgStatusNotSent: "No enviado",
  msgStatusSent: "Enviado",
  msgStatusDelivered: "Entregado",
  msgStatusRead: "Leído",
  msgStatusFailed: "Falló",
  msgStatusRefused: "No enviado: sin consentimiento",
  msgStopConfirmed:
    "{studio}: listo, ya no te enviaremos mensajes de {purpose} por {channel}. Responde ALTA si cambias de opinión.",
  msgStartConfirmed: "{studio}: listo, volverás a recibir mensajes de {purpose} por {channel}.",
  msgWaitlistClaimed: "{studio}: ¡Listo, {name}! El lugar en {className} del {when} es tuyo.",
  msgWaitlistClaimLate:
    "{studio}: {name}, lo sentimos, ese lugar ya no está disponible. Sigues en la lista de espera.",
  msgWaitlistClaimNone: "{studio}: {name}, no tienes una oferta de lugar abierta en este momento.",
  msgNotGoingCancelled: "{studio}: {name}, cancelamos tu lugar en {className} del {when}. {refund}",
  msgNotGoingRefused: "{studio}: {name}, no pudimos cancelar tu lugar en {className}: {reason}",
  msgNotGoingNone: "{studio}: {name}, no encontramos una clase próxima que cancelar.",
  msgRefundCredit: "Te devolvimos tu crédito.",
  msgRefundLate:
    "Cancelaste con menos de {value} {unit} de anticipación: por la regla de cancelación tardía el crédito no se devuelve.",
  msgRefundNone: "Tu membresía no gastó crédito.",
  msgPurposeTransactional: "avisos de tus clases y pagos",
  msgPurposeMarketing: "promociones",
  msgChannelWhatsapp: "WhatsApp",
  msgChannelSms: "SMS",
  msgChannelPush: "notificaciones de la app",
  msgConsentTextTransactional:
    "Quiero recibir avisos de mis reservaciones, cambios de clase, recordatorios y pagos por {channel}.",
  msgConsentTextMarketing:
    "Quiero recibir promociones y ofertas del estudio por {channel}. Es voluntario y puedo responder BAJA en cualquier momento.",
  messagingConsentSaved: "Guardamos tus preferencias de mensajes.",
  messagingPhoneNotMexicanMobile:
    "Escribe un celular de México: 10 dígitos (puedes anteponer +52), por ejemplo 55 1234 5678.",
  messagingPhoneRequired: "Para recibir WhatsApp o SMS agrega tu celular en Mi Información.",
  messagingSignatureInvalid: "La firma del mensaje no es válida: no hicimos ningún cambio.",
  messagingSenderUnknown: "Ese número no pertenece a ningún cliente del estudio: no hicimos ningún cambio.",
  messagingWebhookMalformed:
    "El mensaje llegó incompleto: faltan el remitente o el texto. No hicimos ningún cambio.",
  messagingMessageNotFound: "No encontramos ese mensaje.",
  messagingWindowClosed:
    "Pasaron más de 24 horas desde el último mensaje del cliente: WhatsApp solo permite contestar con una plantilla aprobada.",
  messagingReplySent: "Respuesta enviada.",
  messagingAutomationSaved: "Mensaje automático guardado.",
  messagingAutomationUnknownPlaceholder:
    "El texto usa {placeholder}, que este mensaje no conoce. Usa solo: {allowed}.",
  messagingPushSubscribed: "Listo: recibirás notificaciones en este dispositivo.",
  messagingPushInvalid: "La suscripción de notificaciones no es válida.",
  messagingNoConsentForMarketing: "Sin consentimiento de promociones por ese canal: el mensaje no se envió.",
  messagingProviderError: "El proveedor de mensajes no respondió. Intentaremos de nuevo.",
  messagingPhoneTaken:
    "Ese celular ya está en otra cuenta del estudio. Escribe otro o pide ayuda en recepción.",
  messagingNotConfigured: "El estudio no tiene configurado WhatsApp ni SMS.",
  // Gift cards, account credit and referrals (decisions 0090-0092).
  giftCardInvalid:
    "Ese código de tarjeta de regalo no existe. Revisa los 16 caracteres (sin O, I, L, 0 ni 1).",
  giftCardNotFound: "No encontramos esa tarjeta de regalo.",
  giftCardExpired: "Esta tarjeta de regalo ya venció.",
  giftCardSpent: "Esta tarjeta de regalo ya no tiene saldo.",
  giftCardAmountInvalid: "Elige un monto entre {min} y {max}, en pesos enteros.",
  giftCardDeliveryInvalid:
    "Para enviarla en una fecha indica el correo o el WhatsApp de quien la recibe y una fecha de hoy en adelante (hasta un año).",
  giftCardDeliveryPast: "Esa fecha y hora de envío ya pasaron. Elige un momento de ahora en adelante.",
  giftCardKeyReused: "Esta solicitud ya se usó para otra tarjeta de regalo. Vuelve a intentarlo.",
  giftCardNotRefundable: "Solo se reembolsa una tarjeta de regalo vigente que no se ha usado.",
  giftCardRefundTooLate: "El reembolso de una tarjeta de regalo se pide dentro de los 30 días de su compra.",
  giftCardsDisabled: "El estudio no vende tarjetas de regalo por ahora.",
  giftCardSold: "Tarjeta de regalo vendida.",
  giftCardEmailSubject: "{buyer} te regala {amount} en {studio}",
  creditInsufficient: "El saldo a favor no alcanza para ese movimiento.",
  creditAdjustInvalid: "Indica un monto distinto de cero y el motivo del ajuste.",
  balanceNotForSubscription:
    "El saldo a favor y las tarjetas de regalo no pagan suscripciones. Elige un paquete sin renovación.",
  referralCodeInvalid: "Ese código de recomendación no existe.",
  referralAlreadySet: "Tu cuenta ya tiene quién te recomendó, o ya hiciste tu primera compra.",
  giftCardRedeemed: "Saldo de la tarjeta de regalo cobrado.",
  giftCardRefunded: "Tarjeta de regalo reembolsada.",
  creditAdjusted: "Saldo a favor ajustado.",
  referralSaved: "¡Listo! Cuando hagas tu primera compra, ustedes dos reciben la recompensa del estudio.",
  // Trial once per customer (decision 0093).
  trialAlreadyUsed: "La clase de prueba es una sola vez por persona y ya la tomaste. Elige otro paquete.",
  trialAlreadyUsedDesk:
    "Esta persona ya tomó su clase de prueba. Solo la dueña o un gerente pueden vendérsela otra vez.",
  trialSoldAgain: "Clase de prueba vendida otra vez (autorizado).",
  settingPackageInvalid: "Ese paquete no existe o no está a la venta. Elige otro o déjalo vacío.",
  // Retail at the counter (decision 0094).
  retailProductNotFound: "No encontramos ese producto.",
  retailVariantNotFound: "No encontramos esa variante del producto, o ya no está a la venta.",
  retailVariantDuplicate: "Ese producto ya tiene una variante con esa talla y ese color.",
  retailOutOfStock: "No hay suficientes unidades de {item} en esta sucursal (quedan {left}).",
  retailCartInvalid: "Agrega al menos un producto, de 1 a 99 unidades cada uno.",
  retailSaleNotFound: "No encontramos esa venta.",
  retailRefundInvalid: "No puedes devolver más unidades de las que se vendieron y no se han devuelto.",
  retailCustomerRequired: "Para vender un paquete con los productos, elige a la persona que lo recibe.",
  retailProductSaved: "Producto guardado.",
  retailStockMoved: "Inventario actualizado.",
  retailSaleDone: "Venta registrada.",
  retailRefundDone: "Devolución registrada: las unidades regresaron al inventario.",
  coachPayRateFromSaved: "Tarifa guardada: se paga desde esa fecha; las clases anteriores conservan la suya.",
  coachPayRateFromRemoved: "Tarifa borrada: desde esa fecha se paga con la tarifa anterior.",
  // Gift cards and saldo a favor as tender of a counter sale (decision 0123).
  giftCardBalanceShort: "La tarjeta de regalo solo tiene {balance} de saldo.",
  counterTenderInvalid:
    "Lo que pagan la tarjeta de regalo y el saldo a favor no puede pasar del total de la venta.",
  retailRefundBalancePaid:
    "Esta venta se pagó en parte con tarjeta de regalo o saldo a favor: solo se devuelve en dinero lo que se cobró en caja.",
} as const;

export type MessageKey = keyof typeof messages;

/** Fills {placeholders}: t("mustAcceptPage", { page: "Términos" }). */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
