import { Badge } from "@mantine/core";
import { AGGREGATOR_NAMES } from "../../../../domain/aggregators";
import type { AggregatorVisit } from "../api";
import { aggregatorsCopy as c } from "../copy";

/**
 * A seat's source on the roster: the aggregator that sold it, its visit's validation once checked
 * in, and the waiver flag when the studio keeps waivers. Nothing for a direct booking.
 */
export function AggregatorSeatBadges({ visit }: { visit: AggregatorVisit | undefined }) {
  if (!visit) return null;
  return (
    <>
      <Badge color="indigo.9" variant="filled" size="md" tt="none" data-testid="seat-source">
        {AGGREGATOR_NAMES[visit.aggregator]}
      </Badge>
      {visit.validation !== "none" ? (
        <Badge
          color={
            visit.validation === "validated"
              ? "teal.9"
              : visit.validation === "pending"
                ? "yellow.4"
                : "red.9"
          }
          autoContrast
          variant="filled"
          size="md"
          tt="none"
          data-testid="seat-validation"
        >
          {c.validation[visit.validation]}
        </Badge>
      ) : null}
      {visit.waiver_signed === false ? (
        <Badge color="red.9" variant="filled" size="md" tt="none">
          {c.noWaiver}
        </Badge>
      ) : null}
    </>
  );
}
