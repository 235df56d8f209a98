import { Badge, Card, Text } from "@mantine/core";
import { formatMoney } from "../../../../domain/format";
import { cashCloseCopy as c } from "../copy";

/** Counted − expected, in centavos (never float arithmetic on money). */
export const diffCents = (expected: number, counted: number) =>
  Math.round(counted * 100) - Math.round(expected * 100);

export function DifferenceBadge({ cents }: { cents: number }) {
  // Dark shades (or dark text on yellow): the badge's text passes WCAG AA contrast.
  const color = cents === 0 ? "teal.9" : cents < 0 ? "red.9" : "yellow.4";
  const label = cents === 0 ? c.even : cents < 0 ? c.shortfall : c.surplus;
  return (
    <Badge color={color} autoContrast variant="filled" size="lg" data-testid="cash-difference">
      {label} {formatMoney(Math.abs(cents) / 100)}
    </Badge>
  );
}

export function Figure({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={{ base: "md", sm: "xl" }}>
        {formatMoney(value)}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}
