import { t } from "../../../../domain/messages";
import { type Brand, siteLink } from "./brand";
import { Layout, P } from "./layout";
import { renderMail } from "./render";

type VideoRatingProps = { brand: Brand; video: { video_id: number; name: string } };

/** The customer asked for a reminder to rate a video: a link back to its player. */
export function VideoRating({ brand, video }: VideoRatingProps) {
  return (
    <Layout
      brand={brand}
      title={t("videoRatingEmailSubject", { video: video.name })}
      action={{ label: "Calificar la clase", url: siteLink(brand, `/mystudio/video/${video.video_id}`) }}
    >
      <P>Tu opinión nos ayuda a preparar mejores clases. Califica la clase cuando quieras.</P>
    </Layout>
  );
}

export const videoRatingEmail = (brand: Brand, props: Omit<VideoRatingProps, "brand">) =>
  renderMail(
    t("videoRatingEmailSubject", { video: props.video.name }),
    <VideoRating brand={brand} {...props} />,
  );
