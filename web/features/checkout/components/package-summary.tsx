import { Alert, Divider, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { formatMoney } from "../../../../domain/format";
import { type ClassPackage, PackageFacts, PackagePrice } from "../../packages/public";
import { type DiscountCheck, listedPrice } from "../api";
import { checkoutCopy } from "../copy";
import { discountLine } from "../discount-line";

/** Plain text of the admin's package description (the summary shows no markup). */
function plain(html: string | null): string {
  if (!html) return "";
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}

/** Left column of checkout: the package, its price (struck list price on sale) and the totals. */
export function PackageSummary({
  pkg,
  discount,
  fee,
  children,
}: {
  pkg: ClassPackage;
  discount: DiscountCheck | null;
  /** The pending sign-up fee, paid in the same payment: its own line and in the total. */
  fee?: ClassPackage | null;
  children?: ReactNode;
}) {
  const feeTotal = fee ? listedPrice(fee) : 0;
  const total = (discount ? discount.totals.total : listedPrice(pkg)) + feeTotal;
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
        {discount || fee ? (
          <>
            <Divider />
            {discount ? (
              discountLine(pkg, discount.totals.discount_total).kind === "saleIsBetter" ? (
                <Stack gap={2} data-testid="discount-total">
                  <Text>{`${checkoutCopy.discount} (${discount.discount.code})`}</Text>
                  <Text fz="sm">{checkoutCopy.saleIsBetter}</Text>
                </Stack>
              ) : (
                <Group justify="space-between">
                  <Text>{`${checkoutCopy.discount} (${discount.discount.code})`}</Text>
                  <Text c="green.8" fw={600} data-testid="discount-total">
                    −{formatMoney(discount.totals.discount_total)}
                  </Text>
                </Group>
              )
            ) : null}
            {fee ? (
              <>
                <Group justify="space-between" wrap="nowrap" data-testid="signup-fee-line">
                  <Text>{fee.title}</Text>
                  <Text fw={600}>{formatMoney(feeTotal)}</Text>
                </Group>
                <Alert variant="light" color="blue" p="xs">
                  <Text fz="sm">{checkoutCopy.signupFeeIncluded}</Text>
                </Alert>
              </>
            ) : null}
            <Group justify="space-between">
              <Text fw={700}>{checkoutCopy.total}</Text>
              <Text fw={800} data-testid="checkout-total">
                {formatMoney(total)}
              </Text>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
