import type { CatalogueDef } from "../components/catalogue-page";
import { discounts, packages, paymentMethods } from "./commerce";
import { announcements, coaches, pages, programs, tags, videos, videoTypes } from "./content";
import { categories, classTypes, customSpotMaps, locations } from "./studio";

/** Every catalogue screen by its path segment (/admin/catalogo/{slug}). */
export const CATALOGUES: Record<string, CatalogueDef> = Object.fromEntries(
  [
    locations,
    classTypes,
    customSpotMaps,
    categories,
    coaches,
    packages,
    discounts,
    paymentMethods,
    announcements,
    pages,
    tags,
    videos,
    videoTypes,
    programs,
  ].map((c) => [c.slug, c]),
);
