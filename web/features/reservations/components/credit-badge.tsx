import { Badge } from "@mantine/core";
import { Link } from "react-router";
import { formatDate } from "../../../../domain/format";
import type { CreditsSummary } from "../api";

/**
 * The customer's credits beside Mis Reservaciones' title: "Ilimitadas · hasta …", or the count
 * ("1 crédito disponible", "3 créditos disponibles") linking to where more are bought.
 */
export function CreditBadge({
  credits,
  zone,
  to,
}: {
  credits: CreditsSummary;
  zone: string;
  /** Mis Créditos when credits are restricted to class types, else the packages. */
  to: string;
}) {
  if (credits.unlimited)
    return (
      <Badge size="lg" variant="light" tt="none" data-testid="credit-badge">
        Ilimitadas
        {credits.unlimited_expiration ? ` · hasta ${formatDate(credits.unlimited_expiration, zone)}` : ""}
      </Badge>
    );
  return (
    <Badge
      size="lg"
      variant="light"
      tt="none"
      component={Link}
      to={to}
      style={{ cursor: "pointer" }}
      data-testid="credit-badge"
    >
      {credits.total} {credits.total === 1 ? "crédito disponible" : "créditos disponibles"}
    </Badge>
  );
}
