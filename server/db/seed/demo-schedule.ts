import type { Db } from "../client";
import { zipRows } from "../rows";
import { single_class_instructors, single_class_tags, single_classes } from "../schema/calendar";
import { type Catalogue, coachOf } from "./demo-catalogue";
import { addDays, at, type LocalDay } from "./demo-time";

/** Weeks generated: the previous week (history for past reservations) plus 8 weeks from this Monday. */
export const DEMO_WEEKS_AHEAD = 8;

type TypeKey = keyof Catalogue["types"];
type Slot = {
  time: string;
  location: "roma" | "polanco";
  type: TypeKey;
  coaches: [string, ...string[]];
  capacity: number;
  tag?: keyof Catalogue["classTags"];
};

const DURATION: Record<TypeKey, number> = { cycling: 45, reformer: 50, barre: 50, yoga: 60, hiit: 45 };

const DESCRIPTIONS: Record<TypeKey, string[]> = {
  cycling: ["Ride de intervalos", "Ride de resistencia y subidas", "Ride rítmico al son de la música"],
  reformer: ["Reformer full body", "Reformer de core y postura", "Reformer de fuerza"],
  barre: ["Barre clásico", "Barre cardio", "Barre de glúteos y piernas"],
  yoga: ["Vinyasa suave", "Vinyasa dinámico", "Yoga restaurativo"],
  hiit: ["HIIT tabata", "HIIT con mancuernas", "HIIT de piernas"],
};

const WEEKDAY_SLOTS = (weekday: number): Slot[] => {
  const odd = weekday % 2 === 1; // Mon, Wed, Fri
  return [
    { time: "07:00", location: "roma", type: "cycling", coaches: [odd ? "valeria" : "mateo"], capacity: 20 },
    { time: "07:00", location: "polanco", type: "reformer", coaches: ["santiago"], capacity: 10 },
    {
      time: "09:00",
      location: "roma",
      type: odd ? "barre" : "yoga",
      coaches: [odd ? "renata" : "camila"],
      capacity: odd ? 14 : 16,
      tag: weekday === 1 ? "beginners" : undefined,
    },
    { time: "09:00", location: "polanco", type: "yoga", coaches: ["camila"], capacity: 8 },
    { time: "19:00", location: "roma", type: "cycling", coaches: [odd ? "mateo" : "valeria"], capacity: 20 },
    { time: "19:00", location: "polanco", type: "reformer", coaches: ["santiago"], capacity: 10 },
    { time: "20:30", location: "roma", type: "hiit", coaches: ["diego"], capacity: 16, tag: "intense" },
    {
      time: "20:30",
      location: "polanco",
      type: odd ? "barre" : "hiit",
      coaches: [odd ? "renata" : "diego"],
      capacity: 12,
    },
  ];
};

const SATURDAY: Slot[] = [
  {
    time: "09:00",
    location: "roma",
    type: "cycling",
    coaches: ["valeria", "mateo"],
    capacity: 20,
    tag: "themed",
  },
  { time: "10:00", location: "polanco", type: "reformer", coaches: ["santiago"], capacity: 10 },
  { time: "11:00", location: "roma", type: "yoga", coaches: ["camila"], capacity: 16, tag: "beginners" },
];
const SUNDAY: Slot[] = [
  { time: "10:00", location: "roma", type: "yoga", coaches: ["camila"], capacity: 16 },
  { time: "11:00", location: "polanco", type: "barre", coaches: ["renata"], capacity: 12 },
];

export type ScheduledClass = {
  single_class_id: number;
  class_date: Date;
  capacity: number;
  type: TypeKey;
  class_type_id: number;
  class_package_id: number | null;
  /** Selectable spots for classes with a spot map, in order; empty when the type has none. */
  spots: string[];
  instructor_id: number;
};

export async function seedSchedule(db: Db, cat: Catalogue, monday: LocalDay): Promise<ScheduledClass[]> {
  const category = {
    cycling: cat.categories.cardio,
    hiit: cat.categories.cardio,
    reformer: cat.categories.fuerza,
    barre: cat.categories.fuerza,
    yoga: cat.categories.mente,
  };
  const cyclingSpots = Array.from({ length: 20 }, (_, i) => String(i + 1));
  const reformerSpots = Object.entries(cat.reformerMap.spots)
    .filter(([, s]) => s.selectable)
    .map(([key]) => key);
  const spotsFor = (type: TypeKey) =>
    type === "cycling" ? cyclingSpots : type === "reformer" ? reformerSpots : [];

  type Planned = Slot & { date: Date; description: string; class_package_id?: number; duration?: number };
  const planned: Planned[] = [];
  let n = 0;
  for (let week = -1; week < DEMO_WEEKS_AHEAD; week++) {
    for (let weekday = 1; weekday <= 7; weekday++) {
      const day = addDays(monday, week * 7 + weekday - 1);
      const slots = weekday <= 5 ? WEEKDAY_SLOTS(weekday) : weekday === 6 ? SATURDAY : SUNDAY;
      for (const slot of slots) {
        const options = DESCRIPTIONS[slot.type];
        const description = options[n++ % options.length];
        if (description === undefined) throw new Error(`the demo seed has no descriptions for ${slot.type}`);
        planned.push({ ...slot, date: at(day, slot.time), description });
      }
      // The anniversary masterclass: Saturday of the third week, tied to its special-event package.
      if (week === 2 && weekday === 6) {
        planned.push({
          time: "12:30",
          location: "roma",
          type: "cycling",
          coaches: ["valeria", "renata"],
          capacity: 20,
          tag: "event",
          date: at(day, "12:30"),
          description: "Masterclass de Aniversario: 90 minutos de cycling y barre con DJ en vivo.",
          class_package_id: cat.packages.masterclass.class_package_id,
          duration: 90,
        });
      }
    }
  }

  const rows = await db
    .insert(single_classes)
    .values(
      planned.map((p) => ({
        class_date: p.date,
        duration_minutes: p.duration ?? DURATION[p.type],
        description: p.description,
        capacity: p.capacity,
        location_id: cat.locations[p.location].location_id,
        class_type_id: cat.types[p.type].class_type_id,
        class_category_id: category[p.type].class_category_id,
        class_package_id: p.class_package_id ?? null,
      })),
    )
    .returning({ single_class_id: single_classes.single_class_id });

  const seeded = zipRows(planned, rows);
  await db.insert(single_class_instructors).values(
    seeded.flatMap(([p, row]) =>
      p.coaches.map((slug) => ({
        single_class_id: row.single_class_id,
        instructor_id: coachOf(cat, slug).instructor_id,
      })),
    ),
  );
  const tagged = seeded.flatMap(([p, row]) =>
    p.tag ? [{ single_class_id: row.single_class_id, tag_id: cat.classTags[p.tag].tag_id }] : [],
  );
  if (tagged.length) await db.insert(single_class_tags).values(tagged);

  return seeded.map(([p, row]) => ({
    single_class_id: row.single_class_id,
    class_date: p.date,
    capacity: p.capacity,
    type: p.type,
    class_type_id: cat.types[p.type].class_type_id,
    class_package_id: p.class_package_id ?? null,
    spots: spotsFor(p.type),
    instructor_id: coachOf(cat, p.coaches[0]).instructor_id,
  }));
}
