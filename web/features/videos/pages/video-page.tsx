import {
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  Rating,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconArrowLeft,
  IconCircleCheck,
  IconClock,
  IconHeart,
  IconHeartFilled,
  IconUser,
} from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { messages } from "../../../../domain/messages";
import { isApiError } from "../../../lib/api-client";
import { usePageTitle } from "../../../lib/use-page-title";
import { isPurchaseRequired, useRateVideo, useSetCompleted, useToggleFavorite, useVideo } from "../api";
import { NoMembership } from "../components/no-membership";
import { coachName } from "../components/video-card";
import { VideoPlayer } from "../components/video-player";
import { videosCopy } from "../copy";

const notifyError = (error: unknown) =>
  notifications.show({ color: "red", message: (error as Error).message, autoClose: 5000 });
const notifySuccess = (message: string) => notifications.show({ color: "teal", message, autoClose: 3000 });

/** /mystudio/video/:id: player with name, duration, description, coach, favourite, completion, rating. */
export function VideoPage() {
  const videoId = Number(useParams().id);
  const query = useVideo(videoId);
  const video = query.data;
  usePageTitle(video?.name ?? videosCopy.titleSuffix);
  const favorite = useToggleFavorite(videoId);
  const completed = useSetCompleted(videoId);
  const rate = useRateVideo(videoId);

  const back = (
    <Anchor component={Link} to="/mystudio/online" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        {videosCopy.back}
      </Group>
    </Anchor>
  );

  let body: React.ReactNode;
  if (isPurchaseRequired(query.error)) body = <NoMembership />;
  else if (!Number.isInteger(videoId) || videoId <= 0 || isApiError(query.error, 404)) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Text ta="center" c="dimmed" data-testid="video-not-found">
          {messages.videoNotFound}
        </Text>
      </Paper>
    );
  } else if (query.isError) {
    body = (
      <Text c="red" ta="center">
        {(query.error as Error).message}
      </Text>
    );
  } else if (!video) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label="Cargando" />
      </Center>
    );
  } else {
    const isFavorite = video.favorite === 1;
    body = (
      <Stack gap="md">
        <VideoPlayer video={video} />
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} style={{ flex: "1 1 320px" }}>
            <Title order={1} fz={{ base: 24, sm: 30 }} lh={1.2}>
              {video.name}
            </Title>
            <Group gap="md" c="dimmed">
              <Group gap={4}>
                <IconClock size={16} aria-hidden="true" />
                <Text size="sm">{videosCopy.length(video.duration)}</Text>
              </Group>
              {video.instructor ? (
                <Group gap={4}>
                  <IconUser size={16} aria-hidden="true" />
                  <Text size="sm">{coachName(video)}</Text>
                </Group>
              ) : null}
              {video.class_type ? <Badge variant="light">{video.class_type.name}</Badge> : null}
              {video.completed ? (
                <Badge
                  color="teal"
                  variant="light"
                  leftSection={<IconCircleCheck size={14} aria-hidden="true" />}
                >
                  {videosCopy.completedBadge}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          <Group gap="xs">
            <Button
              variant={isFavorite ? "light" : "default"}
              color={isFavorite ? "pink" : undefined}
              leftSection={
                isFavorite ? (
                  <IconHeartFilled size={18} aria-hidden="true" />
                ) : (
                  <IconHeart size={18} aria-hidden="true" />
                )
              }
              loading={favorite.isPending}
              aria-pressed={isFavorite}
              onClick={() =>
                favorite.mutate(!isFavorite, {
                  onSuccess: (r) =>
                    notifySuccess(
                      r.message ?? (isFavorite ? messages.favoriteRemoved : messages.favoriteAdded),
                    ),
                  onError: notifyError,
                })
              }
            >
              {isFavorite ? videosCopy.removeFavorite : videosCopy.addFavorite}
            </Button>
            <Button
              variant={video.completed ? "default" : "filled"}
              loading={completed.isPending}
              onClick={() =>
                completed.mutate(!video.completed, {
                  onSuccess: (r) => r.message && notifySuccess(r.message),
                  onError: notifyError,
                })
              }
            >
              {video.completed ? videosCopy.markNotCompleted : videosCopy.markCompleted}
            </Button>
          </Group>
        </Group>
        {video.description ? <Text style={{ whiteSpace: "pre-line" }}>{video.description}</Text> : null}
        {video.tags.length ? (
          <Group gap="xs">
            {video.tags.map((tag) => (
              // Filled in the tag's own colour with black or white text, whichever reads (a studio's
              // yellow as text on white failed AA contrast).
              <Badge key={tag.tag_id} variant="filled" autoContrast color={tag.color ?? undefined}>
                {tag.name}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Paper withBorder radius="lg" p="md">
          <Group gap="md">
            <Text fw={600} id="video-rating-label">
              {videosCopy.rateLabel}
            </Text>
            <Rating
              value={video.rating ?? 0}
              count={5}
              size="lg"
              aria-labelledby="video-rating-label"
              readOnly={rate.isPending}
              onChange={(value) =>
                rate.mutate(value, {
                  onSuccess: (r) => r.message && notifySuccess(r.message),
                  onError: notifyError,
                })
              }
            />
          </Group>
        </Paper>
      </Stack>
    );
  }

  return (
    <Container size="lg" py={{ base: "lg", sm: 40 }} w="100%">
      <Stack gap="md">
        {back}
        {body}
      </Stack>
    </Container>
  );
}
