import { videoLengthLabel } from "../../../domain/format";
/**
 * UI-only copy of the online library (the Spanish texts the server shares come from
 * domain/messages.ts).
 */
export const videosCopy = {
  titleSuffix: "Online",
  start: "Comenzar",
  latest: "Nuevo",
  searchLabel: "Buscar clase",
  searchPlaceholder: "Nombre de la clase",
  coach: "Coach",
  classType: "Tipo de clase",
  tags: "Etiquetas",
  allOptions: "Todos",
  favorites: "Favoritas",
  completed: "Completadas",
  clearFilters: "Limpiar filtros",
  showFilters: "Mostrar filtros",
  hideFilters: "Ocultar filtros",
  watching: "Estás viendo:",
  watchingFavorites: "Tus clases Favoritas",
  watchingCompleted: "Tus clases Completadas",
  noResults: "Ningún video coincide con los filtros.",
  noMembership: "No tienes una membresía activa para clases online.",
  noMembershipHint: "Adquiere un paquete online para ver todas nuestras clases en video.",
  goToShop: "Ver paquetes",
  watched: "Vista",
  views: (n: number) => (n === 1 ? "1 vista" : `${n.toLocaleString("es-MX")} vistas`),
  length: videoLengthLabel,
  back: "Volver a videos",
  addFavorite: "Agregar a favoritos",
  removeFavorite: "Quitar de favoritos",
  markCompleted: "Marcar como completada",
  markNotCompleted: "Marcar como no completada",
  completedBadge: "Completada",
  rateLabel: "Califica esta clase",
  loadError: "No pudimos cargar los videos. Intenta de nuevo.",
  retry: "Reintentar",
  playerTitle: (name: string) => `Reproductor: ${name}`,
} as const;

/** Cuts a text to `max` characters with an ellipsis (cards: names 35, descriptions 60). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = (text ?? "").trim();
  return value.length > max ? `${value.slice(0, max).trimEnd()}…` : value;
}
