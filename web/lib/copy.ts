/**
 * UI-only Spanish copy of the web app, in one place. Texts that the server also uses (errors,
 * validation) live in domain/messages.ts; the original product's texts are kept verbatim here.
 */
export const copy = {
  app: {
    loading: "Cargando…",
    configError: "No pudimos cargar el estudio. Intenta de nuevo.",
    retry: "Reintentar",
    skipToContent: "Saltar al contenido",
    routeError: "Algo salió mal al mostrar esta pantalla.",
    routeErrorHint: "Recarga la página para intentarlo de nuevo.",
    reload: "Recargar",
    comingSoon: "Estamos preparando esta sección. Muy pronto podrás usarla aquí.",
  },
  nav: {
    home: "Inicio",
    about: "Nosotros",
    calendar: "Calendario",
    signIn: "Entrar",
    myAccount: "Mi Cuenta",
    menu: "Menu",
    openMenu: "Abrir menú",
    closeMenu: "Cerrar menú",
    mainNav: "Navegación principal",
    accountNav: "Navegación de tu cuenta",
    userMenu: "Menú de usuario",
    signOut: "Salir",
    admin: "Administración",
    backToSite: "Volver al sitio",
  },
  account: {
    calendar: "Calendario",
    online: "Online",
    reservations: "Mis Reservaciones",
    waitlists: "Mis Listas de Espera",
    profile: "Mi Información",
    purchases: "Mis Compras",
    charges: "Mis Cargos",
    paymentMethods: "Métodos de Pago",
    credits: "Mis Créditos",
    giftCards: "Tarjetas de Regalo",
    balance: "Saldo y Recomendaciones",
    accessing: "Accediendo",
    accessingSlow: "¿Está tardando demasiado?",
    accessingFallback: "Cerrar sesión y volver a entrar",
  },
  footer: {
    contact: "Contacto",
    follow: "Síguenos",
    info: "Información",
    announcements: "Avisos",
    whatsapp: "WhatsApp",
    email: "Correo",
    facebook: "Facebook",
    instagram: "Instagram",
    tiktok: "TikTok",
    whatsappButton: "Escríbenos por WhatsApp",
    rights: "Todos los derechos reservados.",
  },
  banner: {
    label: "Aviso",
    opensInNewTab: "(se abre en una pestaña nueva)",
  },
  notFound: {
    title: "Página no encontrada",
    text: "La página que buscas no existe o cambió de dirección.",
    home: "Ir al inicio",
  },
  content: {
    loadError: "Lo sentimos, hubo un error al mostrar este contenido.",
    empty: "Sin contenido",
    announcementsEmpty: "No hay avisos por mostrar.",
    location: "Ubicación",
    faq: "Preguntas frecuentes",
    coach: "Coach",
    viewMap: "Ver mapa",
  },
  home: {
    schedule: "Ver calendario",
  },
  auth: {
    signInTitle: "Entrar Ahora",
    signUpTitle: "Crea tu cuenta",
    recoverTitle: "Recuperar contraseña",
    resetTitle: "Restablecer contraseña",
    createAccount: "Crea tu cuenta",
    forgotPassword: "¿Olvidaste tu contraseña?",
    backToSignIn: "Regresar a Entrar",
  },
  calendar: {
    title: "Calendario",
    subtitle: "Reserva tus clases presenciales",
    showPastDays: (count: number) =>
      count === 1 ? "Ver el día anterior" : `Ver los ${count} días anteriores`,
  },
  checkout: {
    title: "Completa tu compra",
    thanksTitle: "¡Gracias por tu compra!",
  },
  videos: {
    titleSuffix: "Online",
    video: "Video",
  },
  paymentMethods: {
    title: "Mis Método de Pago",
  },
  admin: {
    title: "Administración",
    forbidden: "Esta sección es solo para administradores.",
  },
} as const;

/** Title of the home page / browser tab for a screen. */
export function pageTitle(title: string, businessName: string): string {
  return title ? `${title} · ${businessName}` : businessName;
}
