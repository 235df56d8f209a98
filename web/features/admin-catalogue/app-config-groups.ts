import type { AppConfigKey } from "../../../domain/app-config";

/**
 * The settings screen's tabs: which keys each shows, how they are called in Spanish and, where
 * it helps, where the value shows (third element).
 */
export type ConfigGroup = { value: string; label: string; keys: [AppConfigKey, string, string?][] };

/** Keys holding an image: Configuración offers an upload (like the catalogue) or an address. */
export const IMAGE_KEYS: ReadonlySet<AppConfigKey> = new Set([
  "navbar_logo",
  "bg_login",
  "favicon",
  "hero_image",
  "about_image",
  "mission_image",
  "popup_presencial_src",
]);

export const CONFIG_GROUPS: ConfigGroup[] = [
  {
    value: "marca",
    label: "Marca",
    keys: [
      ["name", "Nombre del estudio", "Se muestra en todo el sitio, los correos y los calendarios."],
      ["business_name", "Razón social", "Aparece en el pie de página (©)."],
      ["navbar_logo", "Logo"],
      ["bg_login", "Fondo del acceso"],
      ["favicon", "Ícono del sitio", "La pestaña del navegador; sin ícono se usa el logo."],
      ["primary", "Color principal"],
      ["primary-light", "Color principal claro"],
      ["accent", "Color de acento"],
      ["dark", "Color oscuro"],
      ["gray", "Gris"],
      ["light", "Color claro"],
    ],
  },
  {
    value: "textos",
    label: "Textos",
    keys: [
      ["hero_title", "Título de portada"],
      ["hero_subtitle", "Subtítulo de portada"],
      ["hero_button_text", "Botón de portada"],
      ["hero_image", "Imagen de portada"],
      ["about_title", "Título «Nosotros»"],
      ["about_text", "Texto «Nosotros»"],
      ["about_image", "Imagen «Nosotros»"],
      ["mission_title", "Título de la misión"],
      ["mission_text", "Texto de la misión"],
      ["mission_image", "Imagen de la misión"],
      ["class_packages_name", "Nombre de la sección de paquetes"],
      ["class_packages_path", "Dirección de la sección de paquetes"],
      ["banner_enabled", "Mostrar banner superior"],
      ["banner_text", "Texto del banner"],
      ["banner_link", "Liga del banner"],
      ["popup_presencial_enabled", "Mostrar promoción emergente"],
      ["popup_presencial_src", "Imagen de la promoción"],
      ["popup_presencial_link", "Liga de la promoción"],
    ],
  },
  {
    value: "funciones",
    label: "Funciones",
    keys: [
      ["single_class_enabled", "Clases presenciales"],
      ["videos_enabled", "Clases online"],
      ["subscriptions_enabled", "Suscripciones"],
      ["waitlist_enabled", "Lista de espera"],
      ["spotmap_enabled", "Mapa de lugares"],
      ["allow_class_guests", "Invitados en reservaciones"],
      ["reservation_rating_enabled", "Calificar clases"],
      ["qrcode_enabled", "Código QR de asistencia"],
      ["discounts_enabled", "Códigos de descuento"],
      ["cash_checkout_enabled", "Pago en efectivo"],
      ["mercadopago_enabled", "Pagar con Mercado Pago"],
      ["mercadopago_subscriptions_enabled", "Suscripciones con Mercado Pago"],
      ["allow_restricted_class_types", "Créditos por tipo de clase"],
      ["allow_restricted_times", "Créditos con horario restringido"],
      ["whatsapp_button_enabled", "Botón de WhatsApp"],
    ],
  },
  {
    value: "politicas",
    label: "Políticas",
    keys: [
      ["reservation_timeframe_hours", "Reservar desde (horas antes)"],
      ["reservation_timeframe_minutes", "Reservar desde (minutos antes)"],
      ["allow_cancel_reservations", "Permitir cancelar reservaciones"],
      ["cancel_timeframe_value", "Cancelar con anticipación de"],
      ["cancel_timeframe_unit", "Unidad"],
      ["allow_cancel_after_treshold", "Permitir cancelar tarde (sin devolver crédito)"],
      ["max_cancels_per_available_class", "Cancelaciones por paquete (vacío: sin límite)"],
      ["unlimited_membership_penalties_enabled", "Penalizar inasistencias de ilimitados"],
      ["unlimited_max_no_shows_for_penalty", "Inasistencias para penalizar"],
      ["penalty_days", "Días de penalización"],
      ["waitlist_offer_minutes", "Minutos para aceptar un lugar de la lista de espera"],
      ["waitlist_cutoff_minutes", "Lista de espera cierra (minutos antes)"],
      ["reminder_hours_before", "Recordatorio (horas antes)"],
      [
        "quiet_hours_start",
        "Sin mensajes desde (hora, 0 a 23)",
        "WhatsApp, SMS y avisos al celular no salen de esta hora a la siguiente; esperan hasta que termine, salvo lo que dejaría de servir (un lugar de la lista de espera, una clase que empieza antes). Correo sí sale.",
      ],
      [
        "quiet_hours_end",
        "Sin mensajes hasta (hora, 0 a 23)",
        "Con la misma hora en los dos campos no hay horario sin mensajes.",
      ],
    ],
  },
  {
    value: "renovaciones",
    label: "Renovaciones",
    keys: [
      [
        "renewal_retry_days",
        "Reintentos de cobro (días después del fallo)",
        "Si falla el cobro de una renovación, se vuelve a intentar estos días después del primer fallo (por ejemplo 1, 3, 5). Después del último, la suscripción termina.",
      ],
      [
        "renewal_grace_days",
        "Días de gracia",
        "Mientras tanto, el cliente sigue reservando con su suscripción. Nunca más allá del último reintento.",
      ],
      [
        "renewal_max_retries",
        "Reintentos con Stripe o PayPal",
        "Cobros fallidos que se aceptan antes de terminar una suscripción que cobra el procesador.",
      ],
    ],
  },
  {
    value: "sitio",
    label: "Zona y dominio",
    keys: [
      ["timezone", "Zona horaria", "Los días, horarios y plazos se calculan en esta zona."],
      ["timezone_offset", "Diferencia con UTC (horas al oeste)", "Se calcula de la zona horaria."],
      ["domain", "Dominio", "Se toma de PUBLIC_URL, la dirección con la que corre el servidor."],
    ],
  },
  {
    value: "contacto",
    label: "Contacto",
    keys: [
      ["email", "Correo"],
      ["whatsapp", "WhatsApp"],
      ["location", "Ciudad"],
      ["address", "Dirección"],
      ["map_url", "Liga del mapa"],
      ["opening_hours", "Horario de atención"],
      ["facebook", "Facebook"],
      ["instagram", "Instagram"],
      ["tiktok", "TikTok"],
      ["cash_bank_name", "Banco (pago en efectivo)"],
      ["cash_bank_card", "Tarjeta (pago en efectivo)"],
      ["cash_bank_account", "Cuenta / CLABE"],
      ["cash_bank_beneficiary", "Beneficiario"],
    ],
  },
  {
    value: "ventas",
    label: "Inscripción y prueba",
    keys: [
      [
        "signup_fee_package_id",
        "Paquete de inscripción",
        "Se cobra una sola vez, junto con la primera compra en línea. Vacío: sin inscripción.",
      ],
      [
        "trial_package_id",
        "Clase de prueba",
        "El botón de la portada lleva a este paquete. Cada persona la toma una sola vez, en línea y en mostrador.",
      ],
    ],
  },
];

export const SECTION_LABELS: Record<string, string> = {
  hero: "Portada",
  about: "Nosotros",
  mission: "Misión",
  class_types: "Tipos de clase",
  coaches: "Coaches",
  packages: "Paquetes",
  announcements: "Avisos",
  schedule: "Horario",
};
