import { z } from "zod";

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const numberFormat = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 2 });

/** A limit as people read it: 10,000 rather than 10000. */
function amount(value: number | bigint): string {
  return numberFormat.format(Number(value));
}

/** The largest integer a number field holds exactly: no one types it, so it is not quoted. */
const unlimited = (value: number | bigint) => Math.abs(Number(value)) >= Number.MAX_SAFE_INTEGER;

function plural(count: number | bigint, one: string, many: string): string {
  return `${amount(count)} ${Number(count) === 1 ? one : many}`;
}

/** What a field of each expected type should hold, said to a person. */
const EXPECTED: Record<string, string> = {
  string: "Escribe un texto.",
  number: "Escribe un número.",
  int: "Escribe un número entero.",
  bigint: "Escribe un número entero.",
  boolean: "Elige sí o no.",
  date: "Escribe una fecha válida.",
  array: "Envía una lista de valores.",
  object: "Faltan datos en este campo.",
  record: "Faltan datos en este campo.",
};

const FORMATS: Record<string, string> = {
  email: "Escribe un correo electrónico válido.",
  url: "Escribe una dirección web completa (https://...).",
  datetime: "Escribe una fecha y hora válidas.",
  date: "Escribe una fecha válida (AAAA-MM-DD).",
  time: "Escribe una hora válida (HH:MM).",
  e164: "Escribe un teléfono válido.",
};

const INVALID = "Este valor no es válido.";

/**
 * Zod's messages for any rule that does not carry one of ours, in plain Spanish for the people
 * who read them: the field's problem and what to write instead. Zod's own Spanish locale says
 * "Entrada inválida: se esperaba number, recibido NaN" or prints the regular expression a text
 * must match; neither means anything to a customer, so they are never shown.
 */
export function spanishIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) {
        return issue.expected === "null" || issue.expected === "undefined"
          ? INVALID
          : "Este campo es obligatorio.";
      }
      return EXPECTED[issue.expected] ?? INVALID;
    }
    case "too_big": {
      const max = issue.maximum;
      const below = issue.inclusive === false;
      switch (issue.origin) {
        case "string":
          return `Escribe como máximo ${plural(max, "carácter", "caracteres")}.`;
        case "array":
        case "set":
          return `Elige como máximo ${plural(max, "elemento", "elementos")}.`;
        case "number":
        case "int":
        case "bigint":
          if (unlimited(max)) return "Escribe un número más pequeño.";
          return below
            ? `Escribe un número menor que ${amount(max)}.`
            : `Escribe un número de hasta ${amount(max)}.`;
        case "date":
          return "La fecha es demasiado lejana.";
        case "file":
          return "El archivo es demasiado grande.";
        default:
          return INVALID;
      }
    }
    case "too_small": {
      const min = issue.minimum;
      const above = issue.inclusive === false;
      switch (issue.origin) {
        case "string":
          return Number(min) <= 1
            ? "Este campo es obligatorio."
            : `Escribe al menos ${plural(min, "carácter", "caracteres")}.`;
        case "array":
        case "set":
          return `Elige al menos ${plural(min, "elemento", "elementos")}.`;
        case "number":
        case "int":
        case "bigint":
          if (unlimited(min)) return "Escribe un número más grande.";
          if (above && Number(min) === 0) return "Escribe un número mayor que cero.";
          return above
            ? `Escribe un número mayor que ${amount(min)}.`
            : `Escribe un número de al menos ${amount(min)}.`;
        case "date":
          return "La fecha es demasiado antigua.";
        default:
          return INVALID;
      }
    }
    case "invalid_format":
      // Patterns (regex, starts_with...) are for programs: a person gets the plain sentence.
      return FORMATS[issue.format] ?? "El formato de este dato no es válido.";
    case "not_multiple_of":
      return `Escribe un múltiplo de ${amount(issue.divisor)}.`;
    case "invalid_value":
      return issue.values.length === 1 ? INVALID : "Elige una de las opciones disponibles.";
    case "unrecognized_keys":
      return "Hay datos que no reconocemos en la solicitud.";
    default:
      return INVALID;
  }
}

/** Installs the messages above for every schema of the process (server and web alike). */
export function applySpanishZodMessages(): void {
  z.config({ localeError: spanishIssueMessage });
}
