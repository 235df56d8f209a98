import { AspectRatio, Box } from "@mantine/core";
import { useRef } from "react";
import { recordPlayback, type Video } from "../api";
import { videosCopy } from "../copy";

/**
 * Self-hosted files play in a <video> element (the server answers range requests, so seeking
 * works); Vimeo and YouTube videos are embedded by id. A view is counted the first time playback
 * starts on this page (the server keeps one per customer and day).
 */
export function VideoPlayer({ video }: { video: Video }) {
  const counted = useRef(false);
  const onPlay = () => {
    if (counted.current) return;
    counted.current = true;
    recordPlayback(video.video_id).catch(() => {
      counted.current = false;
    });
  };
  return (
    <Box bg="black" style={{ borderRadius: "var(--mantine-radius-lg)", overflow: "hidden" }}>
      <AspectRatio ratio={16 / 9}>
        {video.embed_url ? (
          <iframe
            src={video.embed_url}
            title={videosCopy.playerTitle(video.name)}
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            style={{ border: 0 }}
            onLoad={onPlay}
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: studio classes are uploaded without caption tracks
          <video
            src={video.file ?? undefined}
            poster={video.thumbnail ?? undefined}
            controls
            playsInline
            preload="metadata"
            onPlay={onPlay}
            data-testid="video-element"
          />
        )}
      </AspectRatio>
    </Box>
  );
}
