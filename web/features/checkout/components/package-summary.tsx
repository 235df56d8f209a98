import { Divider, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { formatMoney } from "../../../../domain/format";
import type { ClassPackage } from "../../packages/api";
import { PackageFacts, PackagePrice } from "../../packages/components/package-card";
import type { DiscountCheck } from "../api";
import { checkoutCopy } from "../copy";

/** Plain text of the admin's package description (the summary shows no markup). */
function plain(html: string | null): string {
  if (!html) return "";
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}

/** Left column of checkout: the package, its price (struck list price on sale) and the totals. */
export function PackageSummary({
  pkg,
  discount,
  children,
}: {
  pkg: ClassPackage;
  discount: DiscountCheck | null;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        {pkg.image ? <Image src={pkg.image} alt="" radius="md" h={160} fit="cover" /> : null}
        <Title order={2} fz={22}>
          {pkg.title}
        </Title>
        {pkg.short_description ? <Text fw={500}>{pkg.short_description}</Text> : null}
        {pkg.description ? (
          <Text c="dimmed" fz="sm">
            {plain(pkg.description)}
          </Text>
        ) : null}
        <PackageFacts pkg={pkg} />
        <PackagePrice pkg={pkg} size="lg" />
        {children}
        {discount ? (
          <>
            <Divider />
            <Group justify="space-between">
              <Text>{`${checkoutCopy.discount} (${discount.discount.code})`}</Text>
              <Text c="green.8" fw={600} data-testid="discount-total">
                −{formatMoney(discount.totals.discount_total)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text fw={700}>{checkoutCopy.total}</Text>
              <Text fw={800} data-testid="checkout-total">
                {formatMoney(discount.totals.total)}
              </Text>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
