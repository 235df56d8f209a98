import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight, IconCalendarEvent } from "@tabler/icons-react";
import { Link } from "react-router";
import { copy } from "../../../app/copy";
import { usePageTitle } from "../../../lib/use-page-title";
import { packagesPathSegment, useAppConfig } from "../../app-config/api";
import classes from "./home-page.module.css";

/** /: landing page. Hero and about for now; the configured sections come with the content work. */
export function HomePage() {
  const config = useAppConfig();
  usePageTitle();
  const ctaTarget = config.trial_package_id
    ? `/checkout/${config.trial_package_id}`
    : `/${packagesPathSegment(config)}`;

  return (
    <>
      <Box
        component="section"
        aria-labelledby="hero-title"
        className={classes.hero}
        style={
          config.hero_image ? { backgroundImage: `url(${JSON.stringify(config.hero_image)})` } : undefined
        }
        data-with-image={config.hero_image ? true : undefined}
      >
        <Container size="lg" className={classes.heroInner}>
          <Stack gap="lg" maw={640}>
            <Text className={classes.eyebrow}>{config.business_name}</Text>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              {config.hero_title}
            </Title>
            {config.hero_subtitle ? (
              <Text className={classes.heroSubtitle}>{config.hero_subtitle}</Text>
            ) : null}
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
      </Box>

      <Box component="section" id="about" aria-labelledby="about-title" className={classes.about}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: config.about_image ? 2 : 1 }} spacing={48}>
            <Stack gap="md" maw={720}>
              <Title id="about-title" order={2} fz={{ base: 28, sm: 36 }}>
                {config.about_title}
              </Title>
              <Text size="lg" c="dimmed" style={{ whiteSpace: "pre-line" }}>
                {config.about_text || config.hero_subtitle}
              </Text>
            </Stack>
            {config.about_image ? (
              <img src={config.about_image} alt="" className={classes.aboutImage} loading="lazy" />
            ) : null}
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
