import type { AnnouncementInput } from "../../../domain/content";
import { notFound } from "../../../domain/errors";
import type { Db } from "../../db/client";
import * as repo from "./announcements.repository";
import { sanitizeRichText } from "./sanitize";

function toOut(row: repo.AnnouncementRow) {
  return {
    announcement_id: row.announcement_id,
    title: row.title,
    content: sanitizeRichText(row.content),
    image: row.image,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Visitors and customers see published announcements only; admins see drafts too. */
export async function listAnnouncements(db: Db, isAdmin: boolean) {
  return (await repo.listAnnouncements(db, !isAdmin)).map(toOut);
}

export async function getAnnouncement(db: Db, id: number, isAdmin: boolean) {
  const row = await repo.findAnnouncement(db, id);
  // A draft does not exist for the public: 404, not 403, so its title does not leak.
  if (!row || (!row.published && !isAdmin)) throw notFound();
  return toOut(row);
}

export async function createAnnouncement(db: Db, input: AnnouncementInput) {
  return toOut(
    await repo.insertAnnouncement(db, {
      title: input.title,
      content: sanitizeRichText(input.content),
      image: input.image || null,
      published: input.published ?? true,
    }),
  );
}

export async function updateAnnouncement(db: Db, id: number, input: AnnouncementInput) {
  const row = await repo.updateAnnouncement(db, id, {
    title: input.title,
    ...(input.content !== undefined ? { content: sanitizeRichText(input.content) } : {}),
    ...(input.image !== undefined ? { image: input.image || null } : {}),
    ...(input.published !== undefined ? { published: input.published } : {}),
  });
  if (!row) throw notFound();
  return toOut(row);
}

export async function deleteAnnouncement(db: Db, id: number) {
  if (!(await repo.deleteAnnouncement(db, id))) throw notFound();
}
