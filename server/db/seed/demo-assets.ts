/**
 * Names, slugs and colours shared by the demo seed and the SVG generator
 * (generate-demo-images.ts). Images live in web/public/demo and are served at /demo/...
 */

export const DEMO_BASE = "/demo";

export type DemoCoach = {
  slug: string;
  name: string;
  last_name: string;
  nick_name: string;
  colors: [string, string];
};

export const DEMO_COACHES: DemoCoach[] = [
  {
    slug: "valeria",
    name: "Valeria",
    last_name: "Mendoza",
    nick_name: "Vale",
    colors: ["#7048e8", "#e64980"],
  },
  {
    slug: "diego",
    name: "Diego",
    last_name: "Hernández",
    nick_name: "Dieguito",
    colors: ["#1c7ed6", "#15aabf"],
  },
  { slug: "camila", name: "Camila", last_name: "Ruiz", nick_name: "Cami", colors: ["#f76707", "#fab005"] },
  {
    slug: "santiago",
    name: "Santiago",
    last_name: "Ortega",
    nick_name: "Santi",
    colors: ["#2b8a3e", "#94d82d"],
  },
  { slug: "renata", name: "Renata", last_name: "Flores", nick_name: "Rena", colors: ["#c2255c", "#f783ac"] },
  { slug: "mateo", name: "Mateo", last_name: "Castillo", nick_name: "Teo", colors: ["#364fc7", "#7950f2"] },
];

export type DemoClassTypeAsset = { slug: string; name: string; colors: [string, string] };

export const DEMO_CLASS_TYPES: DemoClassTypeAsset[] = [
  { slug: "indoor-cycling", name: "Indoor Cycling", colors: ["#e8590c", "#f03e3e"] },
  { slug: "reformer-pilates", name: "Reformer Pilates", colors: ["#0ca678", "#3bc9db"] },
  { slug: "barre", name: "Barre", colors: ["#d6336c", "#f06595"] },
  { slug: "yoga-flow", name: "Yoga Flow", colors: ["#5f3dc4", "#9775fa"] },
  { slug: "hiit", name: "HIIT", colors: ["#212529", "#fa5252"] },
];

export type DemoPackageAsset = { slug: string; label: string; colors: [string, string] };

export const DEMO_PACKAGES: DemoPackageAsset[] = [
  { slug: "clase-de-prueba", label: "Prueba", colors: ["#20c997", "#12b886"] },
  { slug: "5-clases", label: "5 clases", colors: ["#7048e8", "#845ef7"] },
  { slug: "10-clases", label: "10 clases", colors: ["#5f3dc4", "#e64980"] },
  { slug: "ilimitado-mensual", label: "Ilimitado", colors: ["#212529", "#7048e8"] },
  { slug: "online-ilimitado", label: "Online", colors: ["#1971c2", "#22b8cf"] },
  { slug: "inscripcion", label: "Inscripción", colors: ["#495057", "#868e96"] },
  { slug: "masterclass-aniversario", label: "Masterclass", colors: ["#f59f00", "#e8590c"] },
  { slug: "reformer-4", label: "Reformer x4", colors: ["#0ca678", "#3bc9db"] },
];

export const DEMO_VIDEO_COUNT = 12;

/**
 * Every demo video's real length in seconds: scripts/generate-demo-videos.sh makes 6-second
 * clips. The demo data stores this, not the length the class would have in a real studio, so the list
 * and the player agree (server/db/seed/demo-videos.test.ts reads each file's header).
 */
export const DEMO_VIDEO_SECONDS = 6;

/**
 * The served copy of a demo image: the SVGs (generate-demo-images.ts) are only the sources. In a
 * browser every SVG <img> is a small document laid out and painted on the main thread (15–25 ms
 * each on a fast machine, four times that on a phone), and a page's first screens load a dozen;
 * link previews (WhatsApp, Facebook) do not show SVG at all. rasterize-demo-images.ts writes a
 * JPEG of each (a PNG for icons and the logo, which need transparency).
 */
export function rasterNameOf(relativePath: string): string {
  if (!relativePath.endsWith(".svg")) return relativePath;
  const transparent = relativePath.startsWith("icons/") || relativePath === "logo.svg";
  return relativePath.replace(/\.svg$/, transparent ? ".png" : ".jpg");
}

export const demoUrl = (...parts: string[]) => [DEMO_BASE, rasterNameOf(parts.join("/"))].join("/");
