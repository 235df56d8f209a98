import { eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import {
  classCategoryBody,
  classPackageBody,
  classTypeBody,
  customSpotMapBody,
  locationBody,
  videoBody,
  videoTypeBody,
} from "../../../domain/api/admin-catalogue";
import { AppError, badRequest } from "../../../domain/errors";
import type { MessageKey } from "../../../domain/messages";
import { t } from "../../../domain/messages";
import { centsToString, toCents } from "../../../domain/money";
import { rowLetter } from "../../../domain/spot-map";
import type { Db } from "../../db/client";
import {
  class_categories,
  class_types,
  custom_spot_maps,
  locations,
  single_classes,
} from "../../db/schema/calendar";
import { available_classes } from "../../db/schema/credits";
import { class_package_types, class_packages } from "../../db/schema/packages";
import { purchases } from "../../db/schema/purchases";
import { video_tags, video_types, videos } from "../../db/schema/videos";
import { getPackage } from "../packages/packages.service";
import { countWhere, replaceLinks, selectOne, type Table } from "./catalogue.repository";

type Values = Record<string, unknown>;

/**
 * One catalogue the admin edits with the contract's save semantics (POST creates, PUT with the
 * numeric id in the body updates, DELETE by id). The generic routes (catalogue.routes.ts) do the
 * transaction, audit, 404 and 409; a spec only says what is particular to its table.
 */
export type CatalogueSpec = {
  /** Path under /api, e.g. "/locations". */
  path: string;
  /** Response keys: one item and the admin list. */
  key: string;
  listKey: string;
  idKey: string;
  table: Table;
  order?: PgColumn[];
  input: z.ZodObject;
  /** Rules across fields (throws a 400); runs on create and on update. */
  validate?: (input: Values) => void;
  /** Validated input → column values (link lists removed; may throw a 400). */
  toColumns?: (input: Values) => Values;
  /** Link rows written after the row itself (only the lists that were sent). */
  afterSave?: (db: Db, id: number, input: Values) => Promise<void>;
  /** Rows elsewhere that still point at this one: deleting answers 409 with messages.inUse. */
  usedBy: (id: number) => [PgTable, SQL][];
  /** The item as answered (defaults to its row). */
  read?: (db: Db, id: number) => Promise<Values | null>;
  messages: { saved: MessageKey; deleted: MessageKey; inUse: MessageKey };
};

function without(values: Values, ...keys: string[]) {
  const out = { ...values };
  for (const k of keys) delete out[k];
  return out;
}

const locationsSpec: CatalogueSpec = {
  path: "/locations",
  key: "location",
  listKey: "locations",
  idKey: "location_id",
  table: { table: locations, id: locations.location_id },
  input: locationBody,
  usedBy: (id) => [[single_classes, eq(single_classes.location_id, id)]],
  messages: { saved: "locationSaved", deleted: "locationDeleted", inUse: "locationInUse" },
};

const classTypesSpec: CatalogueSpec = {
  path: "/class_types",
  key: "class_type",
  listKey: "class_types",
  idKey: "class_type_id",
  table: { table: class_types, id: class_types.class_type_id },
  order: [class_types.name],
  input: classTypeBody,
  usedBy: (id) => [
    [single_classes, eq(single_classes.class_type_id, id)],
    [class_package_types, eq(class_package_types.class_type_id, id)],
    [available_classes, eq(available_classes.class_type_id, id)],
    [videos, eq(videos.class_type_id, id)],
  ],
  messages: { saved: "classTypeSaved", deleted: "classTypeDeleted", inUse: "classTypeInUse" },
};

const classCategoriesSpec: CatalogueSpec = {
  path: "/class_categories",
  key: "class_category",
  listKey: "class_categories",
  idKey: "class_category_id",
  table: { table: class_categories, id: class_categories.class_category_id },
  order: [class_categories.name],
  input: classCategoryBody,
  usedBy: (id) => [[single_classes, eq(single_classes.class_category_id, id)]],
  messages: { saved: "classCategorySaved", deleted: "classCategoryDeleted", inUse: "classCategoryInUse" },
};

const customSpotMapsSpec: CatalogueSpec = {
  path: "/custom_spot_maps",
  key: "custom_spot_map",
  listKey: "custom_spot_maps",
  idKey: "custom_spot_map_id",
  table: { table: custom_spot_maps, id: custom_spot_maps.custom_spot_map_id },
  input: customSpotMapBody,
  validate: (m) => {
    // The grid's size and its spots only make sense together: a PUT sends rows and columns
    // with the spots, or none of them. (The database fills an omitted spots with {}.)
    if (m.rows === undefined && m.columns === undefined && m.spots === undefined) return;
    const spots = (m.spots ?? {}) as Record<string, unknown>;
    const inside =
      m.rows !== undefined &&
      m.columns !== undefined &&
      Object.keys(spots).every((key) => {
        const row = key.charCodeAt(0) - 65;
        const col = Number(key.slice(1));
        return (
          row < Number(m.rows) && col >= 1 && col <= Number(m.columns) && key === `${rowLetter(row)}${col}`
        );
      });
    // A spot outside the grid could never be drawn nor chosen: refuse it rather than keep junk.
    if (!inside) throw badRequest(t("customSpotMapInvalid"), { spots: t("customSpotMapInvalid") });
  },
  usedBy: (id) => [[class_types, eq(class_types.custom_spot_map_id, id)]],
  messages: { saved: "customSpotMapSaved", deleted: "customSpotMapDeleted", inUse: "customSpotMapInUse" },
};

const packagesSpec: CatalogueSpec = {
  path: "/class_packages",
  key: "class_package",
  listKey: "class_packages",
  idKey: "class_package_id",
  table: { table: class_packages, id: class_packages.class_package_id },
  input: classPackageBody,
  toColumns: (input) => {
    const out = without(input, "class_package_types");
    if (typeof input.price === "number") out.price = centsToString(toCents(input.price));
    if (typeof input.sale_price === "number") out.sale_price = centsToString(toCents(input.sale_price));
    if (input.is_subscription === true && !input.subscription_period) {
      throw new AppError(400, "VALIDATION_ERROR", t("checkFields"), {
        fields: { subscription_period: t("catalogueFieldRequired") },
      });
    }
    return out;
  },
  afterSave: async (db, id, input) => {
    const types = input.class_package_types as { class_type_id: number }[] | undefined;
    if (!types) return;
    const unique = [...new Map(types.map((row) => [row.class_type_id, row])).values()];
    await replaceLinks(
      db,
      class_package_types,
      class_package_types.class_package_id,
      id,
      unique.map((row) => ({ ...row, class_package_id: id })),
    );
  },
  usedBy: (id) => [
    [purchases, eq(purchases.class_package_id, id)],
    [single_classes, eq(single_classes.class_package_id, id)],
  ],
  read: async (db, id) => (await getPackage(db, id, { admin: true })) as unknown as Values,
  messages: { saved: "packageSaved", deleted: "packageDeleted", inUse: "packageInUse" },
};

const videoTypesSpec: CatalogueSpec = {
  path: "/video_types",
  key: "video_type",
  listKey: "video_types",
  idKey: "video_type_id",
  table: { table: video_types, id: video_types.video_type_id },
  order: [video_types.order],
  input: videoTypeBody,
  usedBy: (id) => [[videos, eq(videos.video_type_id, id)]],
  messages: { saved: "videoTypeSaved", deleted: "videoTypeDeleted", inUse: "videoTypeInUse" },
};

const videosSpec: CatalogueSpec = {
  path: "/videos",
  key: "video",
  listKey: "videos",
  idKey: "video_id",
  table: { table: videos, id: videos.video_id },
  input: videoBody,
  toColumns: (input) => without(input, "tag_ids"),
  afterSave: async (db, id, input) => {
    const ids = input.tag_ids as number[] | undefined;
    if (!ids) return;
    await replaceLinks(
      db,
      video_tags,
      video_tags.video_id,
      id,
      [...new Set(ids)].map((tag_id) => ({ video_id: id, tag_id })),
    );
  },
  // Favourites, playbacks and ratings belong to the video and go with it.
  usedBy: () => [],
  read: async (db, id) => {
    const row = await selectOne(db, { table: videos, id: videos.video_id }, id);
    if (!row) return null;
    const tags = await db
      .select({ tag_id: video_tags.tag_id })
      .from(video_tags)
      .where(eq(video_tags.video_id, id));
    return { ...row, tag_ids: tags.map((x) => x.tag_id) };
  },
  messages: { saved: "videoSaved", deleted: "videoDeleted", inUse: "videoTypeInUse" },
};

export const CATALOGUES: CatalogueSpec[] = [
  locationsSpec,
  classTypesSpec,
  classCategoriesSpec,
  customSpotMapsSpec,
  packagesSpec,
  videoTypesSpec,
  videosSpec,
];

export async function isInUse(db: Db, spec: CatalogueSpec, id: number): Promise<boolean> {
  for (const [table, where] of spec.usedBy(id)) {
    if ((await countWhere(db, table, where)) > 0) return true;
  }
  return false;
}
