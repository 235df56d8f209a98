import { Anchor, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { IconBrandInstagram, IconCake, IconMusic } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatDayMonth } from "../../../../domain/format";
import { instagramLabel } from "../../../../domain/instagram";
import { socialUrl } from "../../../lib/contact";
import type { Instructor } from "../api";
import { contentCopy } from "../copy";
import { coachName } from "./coach-card";
import classes from "./sections.module.css";

const pad = (n: number) => String(n).padStart(2, "0");

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <span aria-hidden="true" style={{ color: "var(--mantine-primary-color-filled)", display: "flex" }}>
        {icon}
      </span>
      <div>
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {label}
        </Text>
        <Text>{children}</Text>
      </div>
    </Group>
  );
}

/** Photo, name, quote, short bio and (with `details`) instagram, birthday and music. */
export function CoachProfile({
  coach,
  details,
  children,
}: {
  coach: Instructor;
  details: boolean;
  children?: ReactNode;
}) {
  const instagram = socialUrl("instagram", coach.instagram);
  const birthday = coach.birthday
    ? formatDayMonth(`2000-${pad(coach.birthday.month)}-${pad(coach.birthday.day)}`)
    : "";
  return (
    <Container size="lg" py={{ base: "xl", sm: 56 }} w="100%">
      <Grid gutter={{ base: "xl", md: 48 }}>
        {coach.image ? (
          <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
            <img
              src={coach.image}
              alt=""
              className={classes.storyImage}
              style={{ aspectRatio: "1" }}
              width={400}
              height={400}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: coach.image ? 7 : 12, md: coach.image ? 8 : 12 }}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Text size="sm" c="dimmed" fw={700} tt="uppercase">
                {contentCopy.coach}
              </Text>
              <Title order={1} fz={{ base: 32, sm: 44 }}>
                {coachName(coach)}
              </Title>
            </Stack>
            {coach.quote ? (
              <Text component="blockquote" fz="xl" fs="italic" m={0}>
                “{coach.quote}”
              </Text>
            ) : null}
            {coach.short_bio ? (
              <Stack gap={4}>
                <Title order={2} fz="h4">
                  {contentCopy.about}
                </Title>
                <Text c="dimmed" style={{ whiteSpace: "pre-line" }}>
                  {coach.short_bio}
                </Text>
              </Stack>
            ) : null}
            {details ? (
              <Stack gap="md">
                {instagram ? (
                  <Fact icon={<IconBrandInstagram />} label={contentCopy.instagram}>
                    <Anchor href={instagram} target="_blank" rel="noopener noreferrer">
                      {instagramLabel(coach.instagram)}
                    </Anchor>
                  </Fact>
                ) : null}
                {birthday ? (
                  <Fact icon={<IconCake />} label={contentCopy.birthday}>
                    {birthday}
                  </Fact>
                ) : null}
                {coach.music_type ? (
                  <Fact icon={<IconMusic />} label={contentCopy.music}>
                    {coach.music_type}
                  </Fact>
                ) : null}
              </Stack>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      {children}
    </Container>
  );
}
