import { Button, Container, Group, SimpleGrid, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { formatMoney } from "../../../../domain/format";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { type HomePackage, useHomePackages } from "../api";
import { contentCopy } from "../copy";
import { SectionHeader } from "./section-header";
import classes from "./sections.module.css";

function PackageCard({ pkg }: { pkg: HomePackage }) {
  const onSale = pkg.sale_price !== null && pkg.sale_price < pkg.price;
  const details = [
    pkg.class_amount === -1 ? contentCopy.unlimited : contentCopy.classes(pkg.class_amount),
    pkg.is_subscription
      ? contentCopy.perPeriod(pkg.subscription_interval, pkg.subscription_period)
      : pkg.expiration_days
        ? contentCopy.validFor(pkg.expiration_days)
        : "",
  ].filter(Boolean);
  return (
    <article className={classes.card}>
      {pkg.image ? (
        <img
          src={pkg.image}
          alt=""
          className={classes.cardImage}
          loading="lazy"
          decoding="async"
          width={800}
          height={600}
        />
      ) : null}
      <div className={classes.cardBody}>
        <Title order={3} fz="h4">
          {pkg.title}
        </Title>
        <Group gap="xs" align="baseline">
          <span className={classes.price}>{formatMoney(onSale ? pkg.sale_price : pkg.price)}</span>
          {onSale ? (
            <Text c="dimmed" td="line-through" size="sm">
              <VisuallyHidden>{contentCopy.onSale}: </VisuallyHidden>
              {formatMoney(pkg.price)}
            </Text>
          ) : null}
        </Group>
        <Text size="sm" fw={600}>
          {details.join(" · ")}
        </Text>
        {pkg.short_description ? (
          <Text c="dimmed" size="sm" lineClamp={3}>
            {pkg.short_description}
          </Text>
        ) : null}
        <Button
          component={Link}
          to={`/checkout/${pkg.class_package_id}`}
          mt="auto"
          radius="xl"
          fullWidth
          aria-label={`${contentCopy.buy}: ${pkg.title}`}
        >
          {contentCopy.buy}
        </Button>
      </div>
    </article>
  );
}

/** In-person packages chosen for the home page (GET /api/class_packages/presenciales/home). */
export function PackagesSection() {
  const config = useAppConfig();
  const { data: packages = [] } = useHomePackages();
  if (packages.length === 0) return null;
  return (
    <section id="paquetes" aria-labelledby="packages-title" className={classes.section}>
      <Container size="lg">
        <SectionHeader
          id="packages-title"
          title={config.class_packages_name || "Paquetes"}
          subtitle={contentCopy.packagesSubtitle}
          action={
            <Button component={Link} to={`/${packagesPathSegment(config)}`} variant="subtle" radius="xl">
              {contentCopy.viewAllPackages}
            </Button>
          }
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          {packages.map((pkg) => (
            <PackageCard key={pkg.class_package_id} pkg={pkg} />
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
