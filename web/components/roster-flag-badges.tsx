import { Badge, Group } from "@mantine/core";
import { ROSTER_FLAG_LABELS, ROSTER_FLAGS_TO_SETTLE, type RosterFlag } from "../../domain/roster-flags";

/**
 * The roster's flags as badges (docs/product-rules.md#roster-flags), the same on the desk's and
 * the coach's roster: what to settle in orange, the welcome (first visit, birthday) in the brand's
 * colour. Dark text on light badges keeps AA contrast.
 */
export function RosterFlagBadges({ flags }: { flags: readonly RosterFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Group gap={6} data-testid="roster-flags">
      {flags.map((flag) => {
        const settle = ROSTER_FLAGS_TO_SETTLE.has(flag);
        return (
          <Badge
            key={flag}
            size="md"
            tt="none"
            variant="light"
            color={settle ? "orange" : "primary"}
            c={settle ? "orange.9" : "primary.9"}
            data-flag={flag}
          >
            {ROSTER_FLAG_LABELS[flag]}
          </Badge>
        );
      })}
    </Group>
  );
}
