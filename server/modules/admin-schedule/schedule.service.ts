import type { AppConfig } from "../../../domain/app-config";
import {
  addLocalDays,
  daysBetween,
  isLocalDay,
  localDay,
  localTime,
  zonedInstant,
} from "../../../domain/booking";
import type { ChangeScope } from "../../../domain/class-changes";
import { AppError, badRequest, notFound } from "../../../domain/errors";
import { t } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { queueClassPublication } from "../aggregators/aggregators.service";
import { getSingleClass } from "../calendar/calendar.service";
import { audit } from "./audit";
import * as changes from "./class-changes.repository";
import { type ChangeDeps, cancelClasses, updateClasses } from "./class-changes.service";
import * as repo from "./schedule.repository";

/** Longest weekly repetition (a year of weeks): a typo in the year must not create 500 classes. */
export const MAX_REPEAT_DAYS = 366;

export type ClassInput = {
  class_type_id: number;
  /** Studio-local wall clock, "YYYY-MM-DDTHH:mm" (or with a space). */
  class_date: string;
  duration_minutes?: number;
  capacity?: number | null;
  location_id?: number | null;
  class_category_id?: number | null;
  class_package_id?: number | null;
  description?: string | null;
  icon?: string | null;
  instructor_ids?: number[];
  tag_ids?: number[];
};

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A wall-clock time in the studio's zone → the instant stored in timestamptz. The admin types
 * what the studio's clock will say; the machine's own zone never takes part.
 */
export function studioInstant(text: string, timeZone: string): Date {
  const [, day, hour, minute] = LOCAL_DATE_TIME.exec(text.trim()) ?? [];
  if (!day || !hour || !minute || !isLocalDay(day))
    throw badRequest(t("classDateInvalid"), { class_date: t("classDateInvalid") });
  return zonedInstant(day, `${hour}:${minute}`, timeZone);
}

function columnsOf(input: Partial<ClassInput>, timeZone: string): Partial<repo.ClassValues> {
  const out: Partial<repo.ClassValues> = {};
  if (input.class_type_id !== undefined) out.class_type_id = input.class_type_id;
  if (input.class_date !== undefined) out.class_date = studioInstant(input.class_date, timeZone);
  if (input.duration_minutes !== undefined) out.duration_minutes = input.duration_minutes;
  if (input.capacity !== undefined) out.capacity = input.capacity;
  if (input.location_id !== undefined) out.location_id = input.location_id;
  if (input.class_category_id !== undefined) out.class_category_id = input.class_category_id;
  if (input.class_package_id !== undefined) out.class_package_id = input.class_package_id;
  if (input.description !== undefined) out.description = input.description?.trim() || null;
  if (input.icon !== undefined) out.icon = input.icon || null;
  return out;
}

function linksOf(input: Partial<ClassInput>): Partial<repo.ClassLinks> {
  return {
    ...(input.instructor_ids ? { instructor_ids: input.instructor_ids } : {}),
    ...(input.tag_ids ? { tag_ids: input.tag_ids } : {}),
  };
}

export async function createClass(db: Db, config: AppConfig, actor: string | null, input: ClassInput) {
  const values = columnsOf(input, config.timezone) as repo.ClassValues;
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertClass(tx, values, {
      instructor_ids: input.instructor_ids ?? [],
      tag_ids: input.tag_ids ?? [],
    });
    await audit(tx, actor, {
      action: "create",
      entity: "single_class",
      entity_id: row.single_class_id,
      details: { ...input },
    });
    await queueClassPublication(tx, [row.single_class_id]);
    return row.single_class_id;
  });
  return getSingleClass(db, id, null);
}

/**
 * PUT: changes only what is sent, to this class or to its series in the scope (class-changes
 * service: past and cancelled classes refused, capacity never below the booked seats, people
 * booked or waiting told about a change of time, place or coach).
 */
export async function updateClass(
  deps: ChangeDeps,
  actor: string | null,
  id: number,
  input: Partial<ClassInput>,
  scope: ChangeScope = "one",
  now = new Date(),
) {
  const { class_date, ...rest } = columnsOf(input, deps.config.timezone);
  return updateClasses(
    deps,
    actor,
    id,
    { ...rest, ...(class_date ? { class_date } : {}), ...linksOf(input) },
    scope,
    now,
  );
}

/**
 * The studio cancels a class (or its series in the scope): every seat cancelled with its credit
 * back, the class marked cancelled, notices and emails (class-changes service).
 */
export async function cancelClass(
  deps: ChangeDeps,
  actor: string | null,
  id: number,
  scope: ChangeScope = "one",
  now = new Date(),
) {
  return cancelClasses(deps, actor, id, scope, now);
}

/**
 * Schedules copies of classes at new instants, skipping any that already exists (same type,
 * location and start). Local wall-clock time is kept across DST changes.
 */
async function cloneClasses(
  tx: Db,
  zone: string,
  plan: { template: repo.ClassTemplate; day: string }[],
  series_id: number | null = null,
): Promise<{ created: number[]; skipped: number }> {
  if (plan.length === 0) return { created: [], skipped: 0 };
  const targets = plan.map(({ template, day }) => ({
    template,
    at: zonedInstant(day, localTime(template.class_date, zone), zone),
  }));
  const times = targets.map((p) => p.at.getTime());
  const existing = await repo.scheduledKeys(
    tx,
    new Date(Math.min(...times)),
    new Date(Math.max(...times) + 1),
  );
  const created: number[] = [];
  let skipped = 0;
  for (const { template, at } of targets) {
    const key = repo.classKey({ ...template, class_date: at });
    if (existing.has(key)) {
      skipped += 1;
      continue;
    }
    existing.add(key);
    const row = await repo.insertClass(
      tx,
      {
        class_date: at,
        duration_minutes: template.duration_minutes,
        description: template.description,
        capacity: template.capacity,
        location_id: template.location_id,
        class_type_id: template.class_type_id,
        class_category_id: template.class_category_id,
        class_package_id: template.class_package_id,
        icon: template.icon,
        series_id,
      },
      {
        instructor_ids: template.class_instructors.map((i) => i.instructor_id),
        tag_ids: template.tags.map((tag) => tag.tag_id),
      },
    );
    created.push(row.single_class_id);
  }
  await queueClassPublication(tx, created);
  return { created, skipped };
}

/** POST /single_class/repeat: the same class every 7 days after it, up to and including `until`. */
export async function repeatWeekly(
  db: Db,
  config: AppConfig,
  actor: string | null,
  input: { single_class_id: number; until: string },
) {
  const zone = config.timezone;
  return db.transaction(async (tx) => {
    const template = await repo.findClassTemplate(tx, input.single_class_id);
    if (!template) throw notFound("classNotFound", "CLASS_NOT_FOUND");
    if (template.cancelledAt) throw AppError.of("CLASS_ALREADY_CANCELLED");
    const first = localDay(template.class_date, zone);
    const span = daysBetween(first, input.until);
    if (span < 7 || span > MAX_REPEAT_DAYS) {
      throw badRequest(t("repeatUntilInvalid"), { until: t("repeatUntilInvalid") });
    }
    const plan = [];
    for (let d = 7; d <= span; d += 7) plan.push({ template, day: addLocalDays(first, d) });
    // The repetition is a series (decision 0026): the template joins it, or extends its own.
    const series_id = template.series_id ?? (await changes.newSeries(tx));
    if (template.series_id === null) await changes.setSeries(tx, [template.single_class_id], series_id);
    const result = await cloneClasses(tx, zone, plan, series_id);
    await audit(tx, actor, {
      action: "repeat",
      entity: "single_class",
      entity_id: input.single_class_id,
      details: { until: input.until, created: result.created },
    });
    return {
      ...result,
      message: t("classRepeated", { created: result.created.length, skipped: result.skipped }),
    };
  });
}

/** POST /single_class/copy-week: every scheduled class of 7 days from one date, shifted to another. */
export async function copyWeek(
  db: Db,
  config: AppConfig,
  actor: string | null,
  input: { from_start_date: string; to_start_date: string },
) {
  const zone = config.timezone;
  const shift = daysBetween(input.from_start_date, input.to_start_date);
  if (shift === 0) throw badRequest(t("copyWeekSame"), { to_start_date: t("copyWeekSame") });
  return db.transaction(async (tx) => {
    const templates = await repo.findTemplatesBetween(
      tx,
      zonedInstant(input.from_start_date, "00:00", zone),
      zonedInstant(addLocalDays(input.from_start_date, 7), "00:00", zone),
    );
    const plan = templates.map((template) => ({
      template,
      day: addLocalDays(localDay(template.class_date, zone), shift),
    }));
    const result = await cloneClasses(tx, zone, plan);
    await audit(tx, actor, {
      action: "copy_week",
      entity: "single_class",
      details: { ...input, created: result.created },
    });
    return {
      ...result,
      message: t("weekCopied", { created: result.created.length, skipped: result.skipped }),
    };
  });
}

/** The roster of a class for staff, with each reservation's check-in state. */
export async function classRoster(db: Db, id: number) {
  const single_class = await getSingleClass(db, id, null);
  const rows = await repo.rosterOf(db, id);
  return {
    single_class,
    reservations: rows.map((r) => ({
      ...r,
      deletedAt: r.deletedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
