/** What the calendar offers other features: the studio's locations (Mis Reservaciones' column). */
export { useLocations } from "./api";
