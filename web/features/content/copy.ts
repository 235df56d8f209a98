import { messages } from "../../../domain/messages";

/**
 * UI copy of the public site (the Spanish texts the server shares come from domain/messages.ts).
 */
export const contentCopy = {
  loadError: messages.pageLoadFailed,
  empty: messages.pageEmpty,
  announcementsEmpty: messages.noAnnouncements,
  announcements: "Avisos",
  announcementsSubtitle: "Novedades, horarios especiales y eventos del estudio.",
  allAnnouncements: "Ver todos los avisos",
  location: "Ubicación",
  address: "Dirección",
  hours: "Horarios de atención",
  contact: "Contacto",
  viewMap: "Ver en el mapa",
  opensInNewTab: "(se abre en una pestaña nueva)",
  writeUs: "Escríbenos por WhatsApp",
  faq: "Preguntas frecuentes",
  classTypes: "Nuestras clases",
  classTypesSubtitle: "Encuentra la disciplina que va contigo.",
  coaches: "Coaches",
  coachesSubtitle: "Conoce a quienes te acompañan en cada clase.",
  viewProfile: "Ver perfil",
  packagesSubtitle: "Elige el paquete que va con tu ritmo.",
  buy: "Comprar",
  viewAllPackages: "Ver todos los paquetes",
  unlimited: "Clases ilimitadas",
  classes: (n: number) => (n === 1 ? "1 clase" : `${n} clases`),
  validFor: (days: number) => (days === 1 ? "Vigencia de 1 día" : `Vigencia de ${days} días`),
  perPeriod: (interval: number | null, period: string | null) => {
    const unit: Record<string, [string, string]> = {
      day: ["día", "días"],
      month: ["mes", "meses"],
      year: ["año", "años"],
    };
    const [one, many] = unit[period ?? "month"] ?? unit.month!;
    const n = interval ?? 1;
    return n === 1 ? `al ${one}` : `cada ${n} ${many}`;
  },
  onSale: "Precio anterior",
  schedule: "Próximas clases",
  scheduleSubtitle: "Reserva tu lugar en las clases presenciales de esta semana.",
  fullSchedule: "Ver calendario completo",
  noClasses: "No hay clases programadas.",
  spots: (n: number) => (n === 1 ? "1 lugar" : `${n} lugares`),
  soldOut: "Sold Out",
  with: "con",
  coach: "Coach",
  quote: "Frase",
  instagram: "Instagram",
  birthday: "Cumpleaños",
  music: "Música",
  about: "Sobre mí",
  coachClasses: (name: string) => `Clases de ${name}`,
  backHome: "Volver al inicio",
  popupLabel: "Promoción",
  popupClose: "Cerrar promoción",
  popupSeeMore: "Ver promoción",
} as const;
