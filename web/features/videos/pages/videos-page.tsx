import { Alert, Button, Center, Container, Loader, Pagination, SimpleGrid, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { studioName } from "../../../../domain/app-config";
import { messages } from "../../../../domain/messages";
import { PageHeading } from "../../../components/page-placeholder";
import { useAppConfig } from "../../../lib/app-config";
import { usePageTitle } from "../../../lib/use-page-title";
import { isPurchaseRequired, useVideoFilterOptions, useVideos, VIDEOS_PAGE_SIZE } from "../api";
import { LatestVideoBanner } from "../components/latest-video-banner";
import { NoMembership } from "../components/no-membership";
import { VideoCard } from "../components/video-card";
import { type FilterValues, hasActiveFilters, VideoFilters } from "../components/video-filters";
import { videosCopy } from "../copy";

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The filters live in the address (?q=&coach=&type=&tags=1,2&fav=1&done=1&page=2): shareable, and Back works. */
function readFilters(params: URLSearchParams): FilterValues & { page: number } {
  return {
    query: params.get("q") ?? "",
    instructor_id: positive(params.get("coach")),
    class_type_id: positive(params.get("type")),
    tags: (params.get("tags") ?? "")
      .split(",")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    favorites: params.get("fav") === "1",
    completed: params.get("done") === "1",
    page: positive(params.get("page")) ?? 1,
  };
}

function writeFilters(f: FilterValues & { page: number }): URLSearchParams {
  const p = new URLSearchParams();
  if (f.query) p.set("q", f.query);
  if (f.instructor_id) p.set("coach", String(f.instructor_id));
  if (f.class_type_id) p.set("type", String(f.class_type_id));
  if (f.tags.length) p.set("tags", f.tags.join(","));
  if (f.favorites) p.set("fav", "1");
  if (f.completed) p.set("done", "1");
  if (f.page > 1) p.set("page", String(f.page));
  return p;
}

/** /mystudio/online (videos_enabled): '{business} Online'. */
export function VideosPage() {
  const business_name = studioName(useAppConfig());
  const title = `${business_name} ${videosCopy.titleSuffix}`;
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const [search, setSearch] = useState(filters.query);
  const [debounced] = useDebouncedValue(search, 300);

  const update = (patch: Partial<FilterValues & { page: number }>) =>
    setParams(writeFilters({ ...filters, page: 1, ...patch }), { replace: !("page" in patch) });

  // The search box applies after a pause, without a history entry per keystroke.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the typed text settles
  useEffect(() => {
    if (debounced.trim() !== filters.query) update({ query: debounced.trim() });
  }, [debounced]);

  const list = useVideos({ ...filters, query: filters.query || undefined });
  const blocked = isPurchaseRequired(list.error);
  const options = useVideoFilterOptions(!blocked && !list.isError);
  const filtered = hasActiveFilters(filters);
  const videos = list.data?.videos ?? [];
  const total = list.data?.total ?? 0;
  // The newest video is featured in the banner on the first, unfiltered page.
  const featured = !filtered && filters.page === 1 ? videos[0] : undefined;
  const cards = featured ? videos.slice(1) : videos;
  const pages = Math.ceil(total / VIDEOS_PAGE_SIZE);
  const watching = [
    filters.favorites ? videosCopy.watchingFavorites : null,
    filters.completed ? videosCopy.watchingCompleted : null,
  ].filter(Boolean);

  return (
    <Container size="lg" py={{ base: "lg", sm: 40 }} w="100%">
      <Stack gap="lg">
        <PageHeading title={title} />
        {blocked ? (
          <NoMembership />
        ) : list.isError ? (
          <Alert color="red" title={videosCopy.loadError}>
            <Button variant="light" color="red" mt="xs" onClick={() => list.refetch()}>
              {videosCopy.retry}
            </Button>
          </Alert>
        ) : list.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Cargando" />
          </Center>
        ) : total === 0 && !filtered ? (
          <Text c="dimmed" ta="center" py="xl">
            {messages.videosEmpty}
          </Text>
        ) : (
          <>
            {featured ? <LatestVideoBanner video={featured} /> : null}
            <VideoFilters
              values={filters}
              search={search}
              onSearch={setSearch}
              onChange={(patch) => update(patch)}
              onClear={() => {
                setSearch("");
                setParams(new URLSearchParams(), { replace: true });
              }}
              options={options.data}
            />
            {watching.length ? (
              <Text fw={600} data-testid="watching">
                {videosCopy.watching} {watching.join(" y ")}
              </Text>
            ) : null}
            {videos.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                {videosCopy.noResults}
              </Text>
            ) : (
              <SimpleGrid
                cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
                spacing="md"
                style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
              >
                {cards.map((video) => (
                  <VideoCard key={video.video_id} video={video} />
                ))}
              </SimpleGrid>
            )}
            {pages > 1 ? (
              <Center>
                <Pagination
                  total={pages}
                  value={Math.min(filters.page, pages)}
                  onChange={(page) => {
                    update({ page });
                    window.scrollTo({ top: 0 });
                  }}
                  getControlProps={(control) => ({
                    "aria-label": control === "next" ? "Página siguiente" : "Página anterior",
                  })}
                />
              </Center>
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
