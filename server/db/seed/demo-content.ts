import { APP_CONFIG_KEYS, type AppConfigKey } from "../../../domain/app-config";
import type { Db } from "../client";
import { exactly, only, zipRows } from "../rows";
import { app_config } from "../schema/app-config";
import { announcements, pages } from "../schema/content";
import { custom_fields, forms } from "../schema/forms";
import { programs, video_tags, video_types, videos } from "../schema/videos";
import { DEMO_VIDEO_COUNT, DEMO_VIDEO_SECONDS, demoUrl } from "./demo-assets";
import { type Catalogue, coachOf } from "./demo-catalogue";
import { addMs, DAY_MS } from "./demo-time";

const TERMS_HTML = `<h2>Términos y Condiciones de Estudio Pulso</h2>
<p>Al crear una cuenta, reservar clases o comprar paquetes en Estudio Pulso aceptas los siguientes términos.</p>
<h3>1. Reservaciones</h3>
<ul>
<li>Cada reservación consume un crédito de tu paquete vigente, salvo que cuentes con una membresía ilimitada.</li>
<li>Puedes cancelar sin costo hasta 12 horas antes del inicio de la clase. Después de ese plazo el crédito no se reembolsa.</li>
<li>Te recomendamos llegar 10 minutos antes. Después de 5 minutos de iniciada la clase, tu lugar puede liberarse.</li>
</ul>
<h3>2. Paquetes y membresías</h3>
<ul>
<li>Los paquetes son personales e intransferibles y tienen la vigencia indicada al momento de la compra.</li>
<li>Las membresías mensuales se renuevan automáticamente y puedes cancelarlas en cualquier momento desde <em>Mis Compras</em>. No hay reembolsos por periodos ya cobrados.</li>
</ul>
<h3>3. Salud y seguridad</h3>
<p>Declaras encontrarte en condiciones físicas aptas para realizar actividad física. Informa a tu coach sobre cualquier lesión o condición médica.</p>
<h3>4. Conducta</h3>
<p>Nos reservamos el derecho de suspender cuentas que incumplan estas reglas o falten al respeto a la comunidad.</p>`;

const PRIVACY_HTML = `<h2>Aviso de Privacidad</h2>
<p><strong>Estudio Pulso, S.A. de C.V.</strong>, con domicilio en Av. Álvaro Obregón 182, Roma Norte, Ciudad de México, es responsable del tratamiento de tus datos personales conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.</p>
<h3>Datos que recabamos</h3>
<p>Nombre, correo electrónico, teléfono, fecha de nacimiento y datos de facturación. Los datos de tarjetas los procesa directamente nuestro proveedor de pagos; nosotros no los almacenamos.</p>
<h3>Finalidades</h3>
<ul><li>Gestionar tu cuenta, reservaciones y compras.</li><li>Enviarte confirmaciones y recordatorios de clase.</li><li>Con tu consentimiento, enviarte promociones.</li></ul>
<h3>WhatsApp, SMS y notificaciones</h3>
<p>Los avisos de tus clases y pagos y las promociones son finalidades separadas: eliges en Mi Información (o al crear tu cuenta) por qué canal recibir cada una, y las promociones están desactivadas hasta que las actives. Guardamos cuándo diste o retiraste cada consentimiento, el texto que viste y desde dónde. Responde <strong>BAJA</strong> (o STOP) a cualquier mensaje y dejaremos de enviarte esa finalidad por ese canal; ALTA la reactiva.</p>
<h3>Derechos ARCO</h3>
<p>Puedes ejercer tus derechos de acceso, rectificación, cancelación u oposición escribiendo a <a href="mailto:privacidad@estudiopulso.mx">privacidad@estudiopulso.mx</a>.</p>
<p>También puedes ejercerlos desde la app, en <strong>Mi Información → Tus datos</strong>:</p>
<ul><li><strong>Acceso:</strong> descarga todo lo que guardamos sobre ti (perfil, domicilio, reservaciones, compras, cargos, créditos, penalizaciones, listas de espera, respuestas a formularios, páginas aceptadas, calificaciones y videos) en JSON o en CSV, que se abre en cualquier hoja de cálculo.</li><li><strong>Rectificación:</strong> corrige tu nombre, teléfono y domicilio en Mi Información.</li><li><strong>Cancelación:</strong> solicita el cierre de tu cuenta. El estudio confirma la solicitud; entonces borramos tu nombre, correo, teléfono, fecha de nacimiento, Instagram, domicilio, foto y respuestas a formularios, y tu acceso deja de funcionar.</li></ul>
<p>Conservamos, sin tu nombre ni tus datos de contacto, las compras, facturas y asistencias, porque las leyes fiscales nos obligan a guardarlas y porque forman parte de los reportes del estudio. Las notas internas del personal sobre tu atención son registros del estudio y no se incluyen en la descarga; se borran junto con tu cuenta.</p>`;

const FAQ_HTML = `<h2>Preguntas Frecuentes</h2>
<h3>¿Qué necesito para mi primera clase?</h3>
<p>Ropa cómoda, una botella de agua y muchas ganas. Para Reformer y Barre usa calcetas antiderrapantes (también las vendemos en recepción).</p>
<h3>¿Con cuánto tiempo puedo cancelar?</h3>
<p>Hasta 12 horas antes de la clase para que tu crédito regrese a tu cuenta.</p>
<h3>¿Puedo llevar a un invitado?</h3>
<p>Sí. Al reservar puedes agregar a un invitado; su lugar consume un crédito adicional de tu paquete.</p>
<h3>¿Qué pasa si la clase está llena?</h3>
<p>Anótate en la lista de espera: si alguien cancela, te avisamos por correo y te asignamos el lugar.</p>
<h3>¿Tienen estacionamiento?</h3>
<p>En Polanco contamos con valet parking. En Roma Norte hay estacionamientos públicos a una cuadra.</p>`;

const VIDEOS: {
  name: string;
  type: keyof Catalogue["types"];
  coach: string;
  /** Index of the video type (Clase completa, Express, Tutorial). */
  kind: 0 | 1 | 2;
  /** Indexes of the catalogue's video tags. */
  tags: (0 | 1 | 2 | 3 | 4)[];
  program?: boolean;
}[] = [
  {
    name: "Ride de intervalos",
    type: "cycling",
    coach: "valeria",
    kind: 0,
    tags: [3],
  },
  {
    name: "Reformer en casa: core esencial",
    type: "reformer",
    coach: "santiago",
    kind: 0,
    tags: [2, 1],
  },
  {
    name: "Barre express de glúteos",
    type: "barre",
    coach: "renata",
    kind: 1,
    tags: [1, 2],
    program: true,
  },
  { name: "Vinyasa para empezar el día", type: "yoga", coach: "camila", kind: 0, tags: [0, 4] },
  {
    name: "HIIT tabata sin equipo",
    type: "hiit",
    coach: "diego",
    kind: 1,
    tags: [1, 3],
    program: true,
  },
  { name: "Subidas y sprints", type: "cycling", coach: "mateo", kind: 0, tags: [3] },
  {
    name: "Técnica de respiración en Pilates",
    type: "reformer",
    coach: "santiago",
    kind: 2,
    tags: [0],
  },
  { name: "Barre cardio", type: "barre", coach: "renata", kind: 0, tags: [3], program: true },
  {
    name: "Yoga restaurativo para dormir mejor",
    type: "yoga",
    coach: "camila",
    kind: 0,
    tags: [4],
  },
  {
    name: "HIIT de piernas con mancuernas",
    type: "hiit",
    coach: "diego",
    kind: 0,
    tags: [2],
    program: true,
  },
  { name: "Cómo ajustar tu bici", type: "cycling", coach: "valeria", kind: 2, tags: [0] },
  {
    name: "Movilidad y estiramientos",
    type: "yoga",
    coach: "camila",
    kind: 1,
    tags: [0, 4],
    program: true,
  },
];

/** Values that differ from the defaults in domain/app-config.ts (only those are stored). */
function configOverrides(cat: Catalogue): Partial<Record<AppConfigKey, unknown>> {
  return {
    name: "Estudio Pulso",
    business_name: "Estudio Pulso S.A. de C.V.",
    navbar_logo: demoUrl("logo.svg"),
    bg_login: demoUrl("bg-login.svg"),
    primary: "#7048e8",
    accent: "#e64980",
    dark: "#1b1530",
    light: "#f8f7ff",
    "primary-light": "#f3f0ff",
    location: "Roma Norte y Polanco, Ciudad de México",
    address: "Av. Álvaro Obregón 182, Roma Norte, CDMX · Av. Presidente Masaryk 340, Polanco, CDMX",
    opening_hours: "Lunes a viernes de 6:30 a 22:00 · Sábados y domingos de 8:30 a 14:00",
    email: "hola@estudiopulso.mx",
    whatsapp: "5587654321",
    whatsapp_button_enabled: true,
    facebook: "https://facebook.com/estudiopulso.mx",
    instagram: "https://instagram.com/estudiopulso.mx",
    tiktok: "https://tiktok.com/@estudiopulso.mx",
    banner_enabled: true,
    banner_text: "¡Nuevo! Masterclass de Aniversario con DJ en vivo. ¡Aparta tu lugar!",
    banner_link: `/checkout/${cat.packages.masterclass.class_package_id}`,
    popup_presencial_enabled: true,
    popup_presencial_src: demoUrl("popup.svg"),
    popup_presencial_link: `/checkout/${cat.packages.masterclass.class_package_id}`,
    allow_restricted_class_types: true,
    // The demo sells online: checkout preselects the card, and cash is offered last (docs/product-rules.md#checkout).
    cash_checkout_enabled: false,
    oxxo_enabled: true,
    spei_enabled: true,
    signup_fee_package_id: cat.packages.signupFee.class_package_id,
    trial_package_id: cat.packages.trial.class_package_id,
    max_cancels_per_available_class: 2,
    unlimited_membership_penalties_enabled: true,
    cash_bank_name: "BBVA México",
    cash_bank_card: "4152 3138 0000 0000",
    cash_bank_account: "012180001234567890",
    cash_bank_beneficiary: "Estudio Pulso S.A. de C.V.",
    hero_title: "Encuentra tu ritmo",
    hero_subtitle: "Cycling, Reformer, Barre, Yoga y HIIT en Roma Norte y Polanco.",
    hero_image: demoUrl("hero.svg"),
    about_title: "Somos Estudio Pulso",
    about_text:
      "Desde 2020 creamos una comunidad que entrena con intención: grupos pequeños, coaches certificados y música que te mueve.",
    about_image: demoUrl("about.svg"),
    mission_text:
      "Que cada persona que cruza nuestra puerta salga sintiéndose más fuerte, más ligera y parte de algo.",
    mission_image: demoUrl("mission.svg"),
  };
}

export async function seedContent(db: Db, cat: Catalogue, now: Date) {
  const [terms, privacy, faq] = exactly(
    await db
      .insert(pages)
      .values([
        {
          title: "Términos y Condiciones",
          slug: "terminos-y-condiciones",
          content: TERMS_HTML,
          required: true,
          required_at_signup: true,
          order: 0,
        },
        { title: "Aviso de Privacidad", slug: "aviso-de-privacidad", content: PRIVACY_HTML, order: 1 },
        { title: "Preguntas Frecuentes", slug: "preguntas-frecuentes", content: FAQ_HTML, order: 2 },
      ])
      .returning(),
    3,
  );

  await db.insert(announcements).values([
    {
      title: "¡Celebramos 5 años!",
      content:
        "<p>Acompáñanos a la <strong>Masterclass de Aniversario</strong>: cycling y barre con DJ en vivo, kit de regalo y brindis. Cupo limitado.</p>",
      image: demoUrl("announcements", "1.svg"),
      createdAt: addMs(now, -2 * DAY_MS),
    },
    {
      title: "Nuevos horarios en Polanco",
      content: "<p>A partir de este mes abrimos Reformer a las 7:00 y a las 19:00 de lunes a viernes.</p>",
      image: demoUrl("announcements", "2.svg"),
      createdAt: addMs(now, -9 * DAY_MS),
    },
    {
      title: "Calcetas antiderrapantes",
      content:
        "<p>Recuerda que para Reformer y Barre son obligatorias. Tenemos de venta en recepción por $120.</p>",
      image: demoUrl("announcements", "3.svg"),
      createdAt: addMs(now, -20 * DAY_MS),
    },
  ]);

  const videoTypeRows = await db
    .insert(video_types)
    .values([
      { name: "Clase completa", description: "Clases de 25 minutos o más.", order: 0 },
      { name: "Express", description: "Entrenamientos cortos para cuando tienes poco tiempo.", order: 1 },
      { name: "Tutorial", description: "Técnica y consejos de nuestros coaches.", order: 2 },
    ])
    .returning();
  const typeRows = exactly(videoTypeRows, 3);
  const program = only(
    await db
      .insert(programs)
      .values({
        name: "Reto 21 Días",
        description: "Tres semanas de entrenamientos cortos para crear el hábito. Una clase al día.",
        image: demoUrl("programs", "reto-21-dias.svg"),
      })
      .returning(),
  );

  const videoRows = await db
    .insert(videos)
    .values(
      VIDEOS.slice(0, DEMO_VIDEO_COUNT).map((v, i) => ({
        url: demoUrl("videos", `${i + 1}.webm`),
        host: "local",
        name: v.name,
        description: `${v.name}. Clase online con ${v.coach.charAt(0).toUpperCase()}${v.coach.slice(1)}; solo necesitas un tapete y agua.`,
        thumbnail: demoUrl("videos", `${i + 1}.svg`),
        duration: DEMO_VIDEO_SECONDS,
        instructor_id: coachOf(cat, v.coach).instructor_id,
        class_type_id: cat.types[v.type].class_type_id,
        video_type_id: typeRows[v.kind].video_type_id,
        program_id: v.program ? program.program_id : null,
        createdAt: addMs(now, -(DEMO_VIDEO_COUNT - i) * 3 * DAY_MS),
      })),
    )
    .returning();
  await db
    .insert(video_tags)
    .values(
      zipRows(VIDEOS.slice(0, DEMO_VIDEO_COUNT), videoRows).flatMap(([v, row]) =>
        v.tags.map((t) => ({ video_id: row.video_id, tag_id: cat.videoTags[t].tag_id })),
      ),
    );

  const profileForm = only(
    await db.insert(forms).values({ name: "Perfil de cliente", object: "customer" }).returning(),
  );
  const fieldRows = await db
    .insert(custom_fields)
    .values([
      {
        form_id: profileForm.form_id,
        key: "emergency_contact",
        name: "emergency_contact",
        label: "Contacto de emergencia",
        type: "phone",
        order: 0,
        step: 1,
        required: false,
      },
      {
        form_id: profileForm.form_id,
        key: "level",
        name: "level",
        label: "¿Cuál es tu nivel de experiencia?",
        type: "select",
        options: "Principiante,Intermedio,Avanzado",
        order: 1,
        step: 1,
        required: false,
      },
      {
        form_id: profileForm.form_id,
        key: "injuries",
        name: "injuries",
        label: "¿Tienes alguna lesión o condición que debamos conocer?",
        type: "textarea",
        order: 2,
        step: 1,
        required: false,
      },
    ])
    .returning();

  const overrides = Object.entries(configOverrides(cat)).filter(
    ([key, value]) => JSON.stringify(APP_CONFIG_KEYS[key as AppConfigKey]?.default) !== JSON.stringify(value),
  );
  await db.insert(app_config).values(overrides.map(([key, value]) => ({ key, value })));

  return { pages: { terms, privacy, faq }, videos: videoRows, program, customFields: fieldRows };
}
