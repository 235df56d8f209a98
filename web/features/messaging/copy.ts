/**
 * The messaging screens' own words (docs/product-rules.md#messaging); the server's answers and
 * the consent sentences it records live in domain/messages.ts.
 */
export const messagingCopy = {
  // "none": a message kept unsent (a promotion without consent) went by no channel.
  channels: {
    whatsapp: "WhatsApp",
    sms: "SMS",
    push: "Notificaciones de la app",
    email: "Correo",
    none: "Ninguno",
  },
  purposes: {
    transactional: "Avisos de tus clases y pagos",
    marketing: "Promociones",
  },
  purposeHints: {
    transactional: "Confirmaciones, cambios de clase, recordatorios y referencias de pago.",
    marketing: "Ofertas y novedades del estudio. Es voluntario.",
  },
  // Sign-up.
  signupLegend: "Mensajes del estudio",
  signupHint: "Elige por dónde quieres que te escribamos. Puedes cambiarlo cuando quieras en Mi Información.",
  // Mi Información.
  cardTitle: "Mensajes",
  cardIntro: "Elige por dónde te escribimos para cada tipo de mensaje.",
  emailAlways: "Por correo te llegan siempre los avisos de tus clases y pagos.",
  stopHint: "Para dejar de recibir un tipo de mensaje por WhatsApp o SMS, también puedes responder BAJA.",
  since: (date: string, on: boolean) => `${on ? "Activado" : "Desactivado"} el ${date}.`,
  never: "Aún no lo eliges.",
  phoneLabel: "Celular para WhatsApp y SMS",
  phoneHint: "10 dígitos de un celular de México.",
  phoneMissing: "Escribe tu celular antes de activar WhatsApp o SMS.",
  pushOff: "El estudio todavía no activa las notificaciones de la app.",
  pushBlocked: "Tu navegador no permite notificaciones. Actívalas en sus ajustes y vuelve a intentarlo.",
  pushDevices: (n: number) =>
    n === 0
      ? "Ningún dispositivo registrado."
      : n === 1
        ? "1 dispositivo registrado."
        : `${n} dispositivos registrados.`,
  loading: "Cargando tus mensajes",
  // Back office: inbox.
  inboxTitle: "Mensajes",
  inboxIntro:
    "Respuestas de tus clientes por WhatsApp y SMS que no fueron SÍ, NO VOY ni BAJA. Contesta aquí; al contestar, la conversación sale de la bandeja.",
  inboxEmpty: "No hay mensajes por contestar.",
  automationsLink: "Mensajes automáticos",
  received: (when: string) => `Recibido ${when}`,
  replyLabel: (name: string) => `Respuesta para ${name}`,
  replyPlaceholder: "Escribe tu respuesta…",
  reply: "Responder",
  replyUntil: (when: string) => `Puedes contestar por WhatsApp hasta ${when}.`,
  smsNoWindow: "SMS no tiene límite de tiempo para contestar.",
  windowClosedTitle: "Pasaron más de 24 horas",
  windowClosed:
    "WhatsApp solo deja contestar libremente dentro de las 24 horas del último mensaje del cliente. Llámale o espera a que vuelva a escribir.",
  conversation: "Conversación",
  showConversation: "Ver conversación",
  hideConversation: "Ocultar conversación",
  fromCustomer: "Cliente",
  fromStudio: "Estudio",
  // Back office: automations.
  automationsTitle: "Mensajes automáticos",
  automationsIntro:
    "Mensajes de promoción que salen solos. Solo los reciben quienes aceptaron promociones, y cada uno termina con cómo darse de baja.",
  backToInbox: "Bandeja de mensajes",
  automationNames: {
    intro_followup: "Después de la clase de prueba",
    win_back: "Te extrañamos",
    birthday: "Cumpleaños",
    credits_expiring: "Clases por vencer",
    last_class_of_pack: "Última clase del paquete",
  },
  automationWhen: {
    intro_followup: "Al día siguiente de su primera clase.",
    win_back: "Cuando lleva {days} días sin reservar.",
    birthday: "El día de su cumpleaños.",
    credits_expiring: "3 días antes de que venzan sus clases.",
    last_class_of_pack: "Cuando usa la última clase de su paquete.",
  },
  switchLabel: (name: string) => `Enviar «${name}»`,
  on: "Encendido",
  off: "Apagado",
  figures: (received: number, converted: number, percent: number) =>
    received === 0
      ? "Nadie lo ha recibido todavía."
      : `${received === 1 ? "1 persona lo recibió" : `${received} personas lo recibieron`}; ${converted} ${converted === 1 ? "reservó o compró" : "reservaron o compraron"} en 7 días (${percent} %).`,
  preview: "Así lo recibe, por ejemplo, Ana:",
  sampleName: "Ana",
  sampleCredits: "2 clases",
  edit: "Editar texto",
  textLabel: "Texto del mensaje",
  placeholders: (list: string) => `Puedes usar: ${list}.`,
  daysLabel: "Días sin reservar",
  save: "Guardar",
  cancel: "Cancelar",
  restore: "Volver al texto original",
  ownerOnly: "Solo la dueña del estudio puede encender, apagar o editar estos mensajes.",
  // Customer record.
  customerTitle: "Mensajes",
  customerEmpty: "Todavía no le hemos enviado mensajes.",
  colDate: "Fecha",
  colChannel: "Canal",
  colMessage: "Mensaje",
  colStatus: "Estado",
  automatic: "Automático",
};

/** The delivery status' colours (sent, delivered, read, failed; docs/product-rules.md#messaging-status). */
export const STATUS_COLOR: Record<string, string> = {
  queued: "gray",
  sending: "gray",
  not_sent: "gray",
  sent: "blue",
  delivered: "teal",
  read: "green",
  failed: "red",
  refused: "orange",
  received: "violet",
};
