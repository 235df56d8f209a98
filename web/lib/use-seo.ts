import { createContext, useContext, useEffect } from "react";
import { studioName } from "../../domain/app-config";
import { useAppConfig } from "./app-config";
import { pageTitle } from "./copy";

export interface Seo {
  /** Screen title; the tab shows "{title} · {business_name}" (just the name when empty). */
  title?: string;
  /** One or two sentences for search results and link previews; the studio's tagline by default. */
  description?: string | null;
  /** Absolute or root-relative image for link previews. */
  image?: string | null;
  type?: "website" | "article" | "profile";
}

/** What a page asked for, gathered while the server renders it (the browser sets the tags itself). */
export interface CollectedSeo {
  title: string;
  description: string;
  image: string;
  type: NonNullable<Seo["type"]>;
}

/** Given a value only by web/entry-server.tsx: the page's head tags are written into its HTML. */
export const SeoCollectorContext = createContext<Partial<CollectedSeo> | null>(null);

/** On the server, records the page's head; in the browser there is no collector and this is a no-op. */
export function useCollectSeo(seo: Partial<CollectedSeo>) {
  const collector = useContext(SeoCollectorContext);
  if (collector) Object.assign(collector, seo);
}

function setMeta(attribute: "name" | "property", key: string, value: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement("meta");
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = value;
}

function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "canonical";
    document.head.appendChild(link);
  }
  link.href = href;
}

const absolute = (url: string) => new URL(url, window.location.origin).toString();
const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text);

/**
 * Title, description, canonical URL and Open Graph / Twitter tags of the current screen, so search
 * results and shared links show the right page. Crawlers that run scripts (Google) and the
 * in-app share sheets read these; index.html carries safe defaults for the rest.
 */
export function useSeo({ title = "", description, image, type = "website" }: Seo = {}) {
  const config = useAppConfig();
  const studio = studioName(config);
  const text = clip((description || config.hero_subtitle || studio).replace(/\s+/g, " ").trim());
  const picture = image || config.hero_image || "";
  useCollectSeo({ title: pageTitle(title, studio), description: text, image: picture, type });
  useEffect(() => {
    const fullTitle = pageTitle(title, studio);
    const url = window.location.origin + window.location.pathname;
    document.title = fullTitle;
    setMeta("name", "description", text);
    setMeta("property", "og:title", fullTitle);
    setMeta("property", "og:description", text);
    setMeta("property", "og:type", type);
    setMeta("property", "og:url", url);
    setMeta("property", "og:site_name", studio);
    setMeta("property", "og:locale", "es_MX");
    setMeta("name", "twitter:card", picture ? "summary_large_image" : "summary");
    if (picture) setMeta("property", "og:image", absolute(picture));
    setCanonical(url);
  }, [title, text, picture, type, studio]);
}
