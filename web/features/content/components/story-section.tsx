import { Container, SimpleGrid, Stack, Text } from "@mantine/core";
import { useAppConfig } from "../../../lib/app-config";
import { SectionHeader } from "./section-header";
import classes from "./sections.module.css";

/** "About" and "mission": a title, a text and an optional image from the config, side by side. */
export function StorySection({ kind }: { kind: "about" | "mission" }) {
  const config = useAppConfig();
  const title = kind === "about" ? config.about_title : config.mission_title;
  const text = kind === "about" ? config.about_text || config.hero_subtitle : config.mission_text;
  const image = kind === "about" ? config.about_image : config.mission_image;
  if (!text && !image) return null;
  const textFirst = kind === "about";
  return (
    <section
      id={kind}
      aria-labelledby={`${kind}-title`}
      className={`${classes.section} ${kind === "mission" ? classes.tinted : ""}`}
    >
      <Container size="lg">
        <SimpleGrid
          cols={{ base: 1, md: image ? 2 : 1 }}
          spacing={{ base: 32, md: 64 }}
          style={{ alignItems: "center" }}
        >
          <Stack gap={0} maw={640} style={{ order: textFirst ? 0 : 1 }}>
            <SectionHeader id={`${kind}-title`} title={title} />
            {text ? (
              <Text size="lg" c="dimmed" style={{ whiteSpace: "pre-line" }} mt={-12}>
                {text}
              </Text>
            ) : null}
          </Stack>
          {image ? (
            <img
              src={image}
              alt=""
              className={classes.storyImage}
              loading="lazy"
              decoding="async"
              width={1200}
              height={800}
            />
          ) : null}
        </SimpleGrid>
      </Container>
    </section>
  );
}
