import { formatDecimal } from "../../../domain/format";

/** UI copy of the packages screens ('Clase de Prueba' and 'Ilimitadas' are the product's words). */
export const packagesCopy = {
  trialSection: "Clase de Prueba",
  unlimited: "Ilimitadas",
  buy: "Comprar",
  empty: "Aún no hay paquetes a la venta.",
  loadError: "No pudimos cargar los paquetes. Intenta de nuevo.",
  retry: "Reintentar",
  classes: (n: number) => (n === 1 ? "1 clase" : `${formatDecimal(n, 0)} clases`),
  validity: (days: number) => (days === 1 ? "Vigencia de 1 día" : `Vigencia de ${days} días`),
  onSale: "Oferta",
  online: "Online",
  special: "Evento especial",
};

const PERIODS: Record<string, [string, string]> = {
  day: ["día", "días"],
  month: ["mes", "meses"],
  year: ["año", "años"],
};

/** "cada mes", "cada 3 meses" (Spanish singular and plural). */
export function periodText(interval: number | null, period: string | null): string {
  if (!period) return "";
  const [one, many] = PERIODS[period] ?? [period, period];
  const n = interval ?? 1;
  return n === 1 ? `cada ${one}` : `cada ${n} ${many}`;
}

export function periodLength(length: number, period: string): string {
  const [one, many] = PERIODS[period] ?? [period, period];
  return `${length} ${length === 1 ? one : many}`;
}
