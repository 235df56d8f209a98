import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight, IconCalendarEvent } from "@tabler/icons-react";
import { Link } from "react-router";
import { studioName } from "../../../../domain/app-config";
import { packagesPathSegment, useAppConfig } from "../../../lib/app-config";
import { copy } from "../../../lib/copy";
import classes from "../pages/home-page.module.css";

/** Hero: studio name, title, subtitle, the trial button (to /checkout/{trial package}) and the schedule. */
export function HeroSection() {
  const config = useAppConfig();
  const ctaTarget = config.trial_package_id
    ? `/checkout/${config.trial_package_id}`
    : `/${packagesPathSegment(config)}`;
  return (
    <section
      aria-labelledby="hero-title"
      className={classes.hero}
      data-with-image={config.hero_image ? true : undefined}
    >
      {config.hero_image ? (
        // A real <img> (not a CSS background) so the browser finds it early: it is the largest paint.
        <img
          src={config.hero_image}
          alt=""
          className={classes.heroImage}
          fetchPriority="high"
          decoding="async"
        />
      ) : null}
      <Container size="lg" className={classes.heroInner}>
        <Stack gap="lg" maw={640}>
          <Text className={classes.eyebrow}>{studioName(config)}</Text>
          <Title id="hero-title" order={1} className={classes.heroTitle}>
            {config.hero_title}
          </Title>
          {config.hero_subtitle ? <Text className={classes.heroSubtitle}>{config.hero_subtitle}</Text> : null}
          <Group gap="sm" mt="xs">
            <Button
              component={Link}
              to={ctaTarget}
              size="lg"
              radius="xl"
              rightSection={<IconArrowRight size={20} aria-hidden="true" />}
            >
              {config.hero_button_text}
            </Button>
            {config.single_class_enabled ? (
              <Button
                component={Link}
                to="/calendario"
                size="lg"
                radius="xl"
                variant="white"
                color="dark"
                leftSection={<IconCalendarEvent size={20} aria-hidden="true" />}
              >
                {copy.home.schedule}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Container>
    </section>
  );
}
