import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { exactly, only, zipRows } from "../rows";
import {
  type CustomSpotMapSpots,
  class_categories,
  class_types,
  custom_spot_maps,
  instructors,
  locations,
} from "../schema/calendar";
import { files, tags } from "../schema/content";
import { class_package_types, class_packages, package_home_lists } from "../schema/packages";
import { DEMO_COACHES, demoUrl, rasterNameOf } from "./demo-assets";

export type Catalogue = Awaited<ReturnType<typeof seedCatalogue>>;

/**
 * The coach of a DEMO_COACHES slug: the demo's plans name only those, so another is a bug in them.
 */
export function coachOf(cat: Catalogue, slug: string) {
  const coach = cat.coach[slug];
  if (!coach) throw new Error(`the demo seed names an unknown coach: ${slug}`);
  return coach;
}

const COACH_DETAILS: Record<
  string,
  { quote: string; short_bio: string; music_type: string; birthdate: string; instagram: string }
> = {
  valeria: {
    quote: "Cada pedalada cuenta: no compitas con nadie más que contigo.",
    short_bio:
      "Instructora certificada de indoor cycling con 8 años de experiencia. Sus clases son intensas, rítmicas y siempre terminan con una sonrisa.",
    music_type: "Pop latino y reguetón",
    birthdate: "1992-03-14",
    instagram: "vale.pedalea",
  },
  diego: {
    quote: "La fuerza se construye un día a la vez.",
    short_bio:
      "Entrenador funcional y coach de HIIT. Exatleta de alto rendimiento, combina intervalos cortos con técnica impecable.",
    music_type: "Electrónica y hip hop",
    birthdate: "1989-11-02",
    instagram: "diego.entrena",
  },
  camila: {
    quote: "Respira, alinea y fluye.",
    short_bio:
      "Maestra de yoga (RYT 500) formada en Rishikesh. Guía prácticas de vinyasa accesibles para todos los niveles.",
    music_type: "Chill out y acústica",
    birthdate: "1994-07-21",
    instagram: "cami.yogaflow",
  },
  santiago: {
    quote: "El control es la verdadera fuerza.",
    short_bio:
      "Fisioterapeuta e instructor de Reformer Pilates. Especialista en postura, core y prevención de lesiones.",
    music_type: "Indie y lo-fi",
    birthdate: "1990-01-30",
    instagram: "santi.pilates",
  },
  renata: {
    quote: "Pequeños movimientos, grandes cambios.",
    short_bio:
      "Bailarina clásica y certificada en barre. Sus clases combinan ballet, pilates y mucho, mucho temblor.",
    music_type: "Pop de los 2000",
    birthdate: "1996-09-09",
    instagram: "renata.barre",
  },
  mateo: {
    quote: "Suda hoy, brilla mañana.",
    short_bio:
      "Coach de cycling y HIIT con energía contagiosa. Le encanta armar playlists temáticas cada viernes.",
    music_type: "Rock y clásicos de los 80",
    birthdate: "1993-05-17",
    instagram: "mateo.rides",
  },
};

/** Reformer room: 3 rows x 4 beds; A2/A3 is the coach's platform. */
function reformerSpots(): CustomSpotMapSpots {
  const spots: CustomSpotMapSpots = {};
  let n = 1;
  for (const row of ["A", "B", "C"]) {
    for (let col = 1; col <= 4; col++) {
      const key = `${row}${col}`;
      if (key === "A2") spots[key] = { label: "Coach", selectable: false };
      else if (key === "A3") spots[key] = { label: "", selectable: false };
      else spots[key] = { label: String(n++), selectable: true };
    }
  }
  return spots;
}

export async function seedCatalogue(db: Db) {
  const [roma, polanco] = exactly(
    await db
      .insert(locations)
      .values([
        {
          name: "Roma Norte",
          address: "Av. Álvaro Obregón 182, Roma Norte, Cuauhtémoc, 06700 Ciudad de México, CDMX",
          description: "Nuestro estudio principal: sala de cycling con 20 bicis y sala de barre y yoga.",
          phone: "5587654321",
          map_url: "https://maps.google.com/?q=Av.+%C3%81lvaro+Obreg%C3%B3n+182,+Roma+Norte,+CDMX",
        },
        {
          name: "Polanco",
          address: "Av. Presidente Masaryk 340, Polanco V Secc, Miguel Hidalgo, 11560 Ciudad de México, CDMX",
          description: "Estudio boutique con sala de reformers y salón funcional.",
          phone: "5587654322",
          map_url: "https://maps.google.com/?q=Av.+Presidente+Masaryk+340,+Polanco,+CDMX",
        },
      ])
      .returning(),
    2,
  );

  const reformerMap = only(
    await db
      .insert(custom_spot_maps)
      .values({ name: "Sala de Reformers Polanco", rows: 3, columns: 4, spots: reformerSpots() })
      .returning(),
  );

  const typeRows = await db
    .insert(class_types)
    .values([
      {
        name: "Indoor Cycling",
        icon: demoUrl("icons", "indoor-cycling.svg"),
        image: demoUrl("class-types", "indoor-cycling.svg"),
        description:
          "45 minutos de cardio al ritmo de la música, con cargas, sprints y subidas. Quemas hasta 600 calorías.",
        spot_map: "4,5,5,6",
        color: "#e8590c",
      },
      {
        name: "Reformer Pilates",
        icon: demoUrl("icons", "reformer-pilates.svg"),
        image: demoUrl("class-types", "reformer-pilates.svg"),
        description:
          "Trabajo de core, fuerza y flexibilidad en reformer. Grupos pequeños para cuidar tu técnica.",
        custom_spot_map_id: reformerMap.custom_spot_map_id,
        color: "#0ca678",
      },
      {
        name: "Barre",
        icon: demoUrl("icons", "barre.svg"),
        image: demoUrl("class-types", "barre.svg"),
        description:
          "Inspirada en el ballet: movimientos pequeños e isométricos que tonifican piernas y glúteos.",
        color: "#d6336c",
      },
      {
        name: "Yoga Flow",
        icon: demoUrl("icons", "yoga-flow.svg"),
        image: demoUrl("class-types", "yoga-flow.svg"),
        description: "Secuencias de vinyasa que conectan respiración y movimiento. Para todos los niveles.",
        color: "#5f3dc4",
      },
      {
        name: "HIIT",
        icon: demoUrl("icons", "hiit.svg"),
        image: demoUrl("class-types", "hiit.svg"),
        description:
          "Intervalos de alta intensidad con peso corporal y mancuernas. Corto, retador y efectivo.",
        color: "#212529",
      },
    ])
    .returning();
  const [cycling, reformer, barre, yoga, hiit] = exactly(typeRows, 5);
  await db
    .update(custom_spot_maps)
    .set({ class_type_id: reformer.class_type_id, class_types: String(reformer.class_type_id) })
    .where(eq(custom_spot_maps.custom_spot_map_id, reformerMap.custom_spot_map_id));

  const [cardio, fuerza, mente] = exactly(
    await db
      .insert(class_categories)
      .values([
        { name: "Cardio", handle: "cardio", description: "Clases para subir el ritmo cardiaco." },
        { name: "Fuerza y tono", handle: "fuerza-y-tono", description: "Trabajo muscular y de core." },
        {
          name: "Mente y cuerpo",
          handle: "mente-y-cuerpo",
          description: "Movilidad, respiración y equilibrio.",
        },
      ])
      .returning(),
    3,
  );

  const coachFiles = await db
    .insert(files)
    .values(
      DEMO_COACHES.map((c) => ({
        name: rasterNameOf(`${c.slug}.svg`),
        type: "image/jpeg",
        storage: "server",
        path: `demo/${rasterNameOf(`coaches/${c.slug}.svg`)}`,
        src: demoUrl("coaches", `${c.slug}.svg`),
      })),
    )
    .returning();

  const coachRows = await db
    .insert(instructors)
    .values(
      zipRows(DEMO_COACHES, coachFiles).map(([c, file], i) => ({
        name: c.name,
        last_name: c.last_name,
        nick_name: c.nick_name,
        ...COACH_DETAILS[c.slug],
        file_id: file.file_id,
        order: i,
      })),
    )
    .returning();
  const coach = Object.fromEntries(zipRows(DEMO_COACHES, coachRows).map(([c, row]) => [c.slug, row]));

  const tagRows = await db
    .insert(tags)
    .values([
      { name: "Principiantes", color: "#2f9e44", type: "class" },
      { name: "Intensa", color: "#e03131", type: "class" },
      { name: "Temática", color: "#7048e8", type: "class" },
      { name: "Evento especial", color: "#f59f00", type: "class" },
      { name: "Principiantes", color: "#2f9e44", type: "video" },
      { name: "Sin equipo", color: "#1c7ed6", type: "video" },
      { name: "Core", color: "#d6336c", type: "video" },
      { name: "Cardio", color: "#e8590c", type: "video" },
      { name: "Relajación", color: "#5f3dc4", type: "video" },
    ])
    .returning();
  const [tagBeginners, tagIntense, tagThemed, tagEvent, ...videoTags] = exactly(tagRows, 9);

  const pkg = (slug: string) => demoUrl("packages", `${slug}.svg`);
  const packageRows = await db
    .insert(class_packages)
    .values([
      {
        title: "Clase de Prueba",
        price: "150.00",
        description: "<p>Conoce Estudio Pulso con una clase de cualquier disciplina.</p>",
        short_description: "Tu primera clase, válida por 15 días.",
        image: pkg("clase-de-prueba"),
        class_amount: 1,
        expiration_days: 15,
        is_trial: true,
        limit_per_customer: 1,
        order: 0,
      },
      {
        title: "5 Clases",
        price: "750.00",
        description: "<p>Cinco clases presenciales de cualquier disciplina.</p>",
        short_description: "Vigencia de 30 días.",
        image: pkg("5-clases"),
        class_amount: 5,
        expiration_days: 30,
        order: 1,
      },
      {
        title: "10 Clases",
        price: "1500.00",
        sale_price: "1350.00",
        description: "<p>Diez clases presenciales de cualquier disciplina. ¡Nuestro paquete favorito!</p>",
        short_description: "Vigencia de 60 días. Precio especial.",
        image: pkg("10-clases"),
        class_amount: 10,
        expiration_days: 60,
        order: 2,
      },
      {
        title: "Ilimitado Mensual",
        price: "2400.00",
        description:
          "<p>Clases presenciales ilimitadas en ambas sucursales. Se renueva automáticamente cada mes.</p>",
        short_description: "Membresía ilimitada con renovación mensual.",
        image: pkg("ilimitado-mensual"),
        class_amount: -1,
        expiration_days: 30,
        is_subscription: true,
        is_unlimited_membership: true,
        subscription_period: "month",
        subscription_interval: 1,
        order: 3,
      },
      {
        title: "Online Ilimitado",
        price: "399.00",
        description: "<p>Acceso ilimitado a todas nuestras clases en video, donde y cuando quieras.</p>",
        short_description: "Acceso a la biblioteca online por 30 días, con 7 días de prueba gratis.",
        image: pkg("online-ilimitado"),
        class_amount: 0,
        expiration_days: 30,
        is_online: true,
        is_subscription: true,
        subscription_period: "month",
        subscription_interval: 1,
        free_trial_length: 7,
        free_trial_period: "day",
        order: 4,
      },
      {
        title: "Inscripción",
        price: "300.00",
        description: "<p>Cuota única de inscripción. Incluye tu registro y evaluación inicial.</p>",
        short_description: "Pago único.",
        image: pkg("inscripcion"),
        class_amount: 0,
        limit_per_customer: 1,
        order: 5,
      },
      {
        title: "Masterclass de Aniversario",
        price: "450.00",
        description:
          "<p>Celebramos 5 años con una masterclass de 90 minutos: cycling + barre con DJ en vivo, kit de regalo y brindis.</p>",
        short_description: "Evento especial con cupo limitado.",
        image: pkg("masterclass-aniversario"),
        class_amount: 1,
        expiration_days: 60,
        is_special_event: true,
        people_limit: 20,
        limit_per_customer: 1,
        downloadable: { name: "Programa de la Masterclass", type: "pdf" },
        order: 6,
      },
      {
        title: "Reformer x4",
        price: "1000.00",
        description: "<p>Cuatro clases de Reformer Pilates en Polanco.</p>",
        short_description: "Solo válido para Reformer Pilates. Vigencia de 30 días.",
        image: pkg("reformer-4"),
        class_amount: 4,
        expiration_days: 30,
        allow_discount_over_sale_price: true,
        order: 7,
      },
    ])
    .returning();
  const [trial, five, ten, unlimited, online, signupFee, masterclass, reformer4] = exactly(packageRows, 8);

  await db.insert(class_package_types).values({
    class_package_id: reformer4.class_package_id,
    class_type_id: reformer.class_type_id,
    class_amount: 4,
    expiration_days: 30,
  });

  await db.insert(package_home_lists).values([
    { class_package_id: trial.class_package_id, list: "presenciales", order: 0 },
    { class_package_id: five.class_package_id, list: "presenciales", order: 1 },
    { class_package_id: ten.class_package_id, list: "presenciales", order: 2 },
    { class_package_id: unlimited.class_package_id, list: "presenciales", order: 3 },
    { class_package_id: reformer4.class_package_id, list: "presenciales", order: 4 },
    { class_package_id: online.class_package_id, list: "online", order: 0 },
    { class_package_id: masterclass.class_package_id, list: "especiales", order: 0 },
  ]);

  return {
    locations: { roma, polanco },
    types: { cycling, reformer, barre, yoga, hiit },
    reformerMap,
    categories: { cardio, fuerza, mente },
    coach,
    classTags: { beginners: tagBeginners, intense: tagIntense, themed: tagThemed, event: tagEvent },
    videoTags,
    packages: { trial, five, ten, unlimited, online, signupFee, masterclass, reformer4 },
  };
}
