import { Badge, Group, Stack, Text } from "@mantine/core";
import { formatDate } from "../../../../domain/format";
import type { CustomerDetail } from "../api";
import { adminCopy } from "../copy";
import { Section } from "./customer-section";

const c = adminCopy.customers;

/** "Créditos": the total, an unlimited membership's end and each bucket left (expired ones struck out). */
export function CustomerCreditsSummary({
  credits,
  timeZone,
}: {
  credits: CustomerDetail["credits"];
  timeZone: string;
}) {
  const now = Date.now();
  return (
    <Section title={c.creditsTitle}>
      <Stack gap="xs">
        <Text fz={28} fw={700} lh={1.1}>
          {c.creditsTotal(credits.total)}
        </Text>
        {credits.unlimited ? (
          <Badge variant="light" size="lg">
            {credits.unlimited_expiration
              ? c.unlimitedUntil(formatDate(credits.unlimited_expiration, timeZone))
              : c.unlimitedNoEnd}
          </Badge>
        ) : null}
        <Stack gap={6} mt="xs">
          {credits.available_classes
            .filter((b) => b.available_classes !== 0)
            .map((b) => {
              const expired = b.expiration_date !== null && new Date(b.expiration_date).getTime() <= now;
              return (
                <Group key={b.available_class_id} justify="space-between" wrap="nowrap">
                  <Text
                    size="sm"
                    c={expired ? "dimmed" : undefined}
                    td={expired ? "line-through" : undefined}
                  >
                    {b.available_classes === -1 ? c.unlimited : b.available_classes} ·{" "}
                    {b.class_type_names.join(", ") || c.anyType}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {b.expiration_date
                      ? `${c.expires} ${formatDate(b.expiration_date, timeZone)}`
                      : c.noExpiry}
                  </Text>
                </Group>
              );
            })}
        </Stack>
      </Stack>
    </Section>
  );
}
