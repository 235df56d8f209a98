import { Badge, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconCalendarTime, IconRepeat, IconTicket } from "@tabler/icons-react";
import { Link } from "react-router";
import { formatMoney } from "../../../../domain/format";
import type { ClassPackage } from "../api";
import { packagesCopy, periodText } from "../copy";

/** Price with the struck list price when on sale (docs/product-rules.md#checkout). */
export function PackagePrice({ pkg, size = "xl" }: { pkg: ClassPackage; size?: "lg" | "xl" }) {
  const onSale = pkg.sale_price !== null && pkg.sale_price < pkg.price;
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text fw={800} fz={size === "xl" ? 26 : 20} lh={1.1}>
        {formatMoney(onSale ? pkg.sale_price! : pkg.price)}
      </Text>
      {onSale ? (
        <Text c="dimmed" td="line-through" fz="sm" aria-label={`Precio regular ${formatMoney(pkg.price)}`}>
          {formatMoney(pkg.price)}
        </Text>
      ) : null}
    </Group>
  );
}

/** What the package gives: class amount or 'Ilimitadas', validity and renewal period. */
export function PackageFacts({ pkg }: { pkg: ClassPackage }) {
  const facts: { icon: typeof IconTicket; text: string }[] = [];
  if (pkg.class_amount === -1 || pkg.is_unlimited_membership)
    facts.push({ icon: IconTicket, text: packagesCopy.unlimited });
  else if (pkg.class_amount > 0)
    facts.push({ icon: IconTicket, text: packagesCopy.classes(pkg.class_amount) });
  if (pkg.expiration_days && !pkg.is_subscription)
    facts.push({ icon: IconCalendarTime, text: packagesCopy.validity(pkg.expiration_days) });
  if (pkg.is_subscription)
    facts.push({
      icon: IconRepeat,
      text: `Se renueva ${periodText(pkg.subscription_interval, pkg.subscription_period)}`,
    });
  return (
    <Stack gap={4}>
      {facts.map(({ icon: Icon, text }) => (
        <Group key={text} gap={6} wrap="nowrap">
          <Icon size={16} stroke={1.8} aria-hidden="true" />
          <Text fz="sm">{text}</Text>
        </Group>
      ))}
    </Stack>
  );
}

export function PackageCard({ pkg }: { pkg: ClassPackage }) {
  const onSale = pkg.sale_price !== null && pkg.sale_price < pkg.price;
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" data-testid="package-card">
      {pkg.image ? (
        <Card.Section>
          <Image src={pkg.image} alt="" h={150} fit="cover" />
        </Card.Section>
      ) : null}
      <Stack gap="sm" mt={pkg.image ? "md" : 0} h="100%">
        <Group gap={6}>
          {onSale ? <Badge color="red">{packagesCopy.onSale}</Badge> : null}
          {pkg.is_online ? <Badge variant="light">{packagesCopy.online}</Badge> : null}
          {pkg.is_special_event ? (
            <Badge variant="light" color="grape">
              {packagesCopy.special}
            </Badge>
          ) : null}
        </Group>
        <Title order={3} fz={20}>
          {pkg.title}
        </Title>
        {pkg.short_description ? (
          <Text c="dimmed" fz="sm">
            {pkg.short_description}
          </Text>
        ) : null}
        <PackageFacts pkg={pkg} />
        <Stack gap="sm" mt="auto">
          <PackagePrice pkg={pkg} />
          <Button component={Link} to={`/checkout/${pkg.class_package_id}`} fullWidth radius="md">
            {packagesCopy.buy}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
