/**
 * What the calendar offers other features: the studio's locations (Mis Reservaciones' column) and
 * class types (the aggregators' settings choose which are offered there).
 */
export { useClassTypes, useLocations } from "./api";
