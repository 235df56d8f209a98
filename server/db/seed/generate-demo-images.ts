/**
 * Writes the demo studio's images as small SVG files under web/public/demo (nothing is fetched).
 * Run once with: npx tsx server/db/seed/generate-demo-images.ts
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_CLASS_TYPES, DEMO_COACHES, DEMO_PACKAGES, DEMO_VIDEO_COUNT } from "./demo-assets";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/public/demo");

function write(rel: string, svg: string) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${svg.trim()}\n`);
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function gradient(id: string, [a, b]: [string, string]) {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`;
}

/** Decorative concentric rings and a wave, so banners do not look flat. */
function decor(w: number, h: number) {
  return `<g fill="none" stroke="#fff" stroke-opacity=".18" stroke-width="2">
<circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.25}"/><circle cx="${w * 0.85}" cy="${h * 0.2}" r="${h * 0.4}"/>
<circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.3}"/>
<path d="M0 ${h * 0.7} C ${w * 0.25} ${h * 0.55}, ${w * 0.5} ${h * 0.85}, ${w} ${h * 0.65}"/></g>`;
}

function banner(w: number, h: number, colors: [string, string], title: string, subtitle = "") {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(title)}">
${gradient("g", colors)}<rect width="${w}" height="${h}" fill="url(#g)"/>${decor(w, h)}
<text x="50%" y="${subtitle ? "46%" : "50%"}" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${Math.round(h / 7)}" font-weight="700" fill="#fff">${esc(title)}</text>
${subtitle ? `<text x="50%" y="60%" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${Math.round(h / 16)}" fill="#fff" fill-opacity=".85">${esc(subtitle)}</text>` : ""}
</svg>`;
}

/**
 * A picture without words, for images the site puts its own text over or beside (hero, about,
 * mission): baked-in text would collide with the page's title at some screen widths.
 */
function art(w: number, h: number, colors: [string, string]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${gradient("g", colors)}<rect width="${w}" height="${h}" fill="url(#g)"/>${decor(w, h)}
</svg>`;
}

function avatar(initials: string, colors: [string, string]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${esc(initials)}">
${gradient("g", colors)}<rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="165" r="70" fill="#fff" fill-opacity=".2"/><path d="M70 400 C 80 290, 320 290, 330 400 Z" fill="#fff" fill-opacity=".2"/>
<text x="50%" y="54%" dominant-baseline="middle" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="120" font-weight="700" fill="#fff">${esc(initials)}</text>
</svg>`;
}

const ICONS: Record<string, string> = {
  "indoor-cycling":
    '<circle cx="16" cy="44" r="11"/><circle cx="48" cy="44" r="11"/><path d="M16 44 L28 24 H42 L48 44 M28 24 L34 44 H16 M38 16 h8"/>',
  "reformer-pilates":
    '<rect x="6" y="30" width="52" height="10" rx="3"/><path d="M12 40 v10 M52 40 v10 M22 30 v-8 h20 v8"/>',
  barre:
    '<path d="M6 20 H58 M12 20 V56 M52 20 V56"/><circle cx="32" cy="34" r="5"/><path d="M32 39 V52 M24 44 H40"/>',
  "yoga-flow":
    '<circle cx="32" cy="14" r="6"/><path d="M32 20 V38 M14 30 L32 26 L50 30 M20 56 L32 38 L44 56"/>',
  hiit: '<path d="M36 4 L14 36 H30 L26 60 L50 26 H34 Z"/>',
};

function icon(slug: string, color: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" fill="none" stroke="${color}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${ICONS[slug]}</svg>`;
}

function logo() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Estudio Pulso">
${gradient("g", ["#7048e8", "#e64980"])}<rect x="4" y="8" width="48" height="48" rx="14" fill="url(#g)"/>
<path d="M12 34 H20 L24 24 L30 44 L35 30 L38 34 H46" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
<text x="64" y="41" font-family="Helvetica, Arial, sans-serif" font-size="26" font-weight="700" fill="#1b1530">Estudio Pulso</text>
</svg>`;
}

write("logo.svg", logo());
write("hero.svg", art(1600, 900, ["#7048e8", "#e64980"]));
write("bg-login.svg", banner(1200, 1600, ["#1b1530", "#7048e8"], "Entrena con intención"));
write("about.svg", art(1200, 800, ["#5f3dc4", "#15aabf"]));
write("mission.svg", art(1200, 800, ["#e8590c", "#e64980"]));
write("popup.svg", banner(800, 800, ["#f59f00", "#e8590c"], "Masterclass", "de Aniversario"));
for (const c of DEMO_COACHES)
  write(`coaches/${c.slug}.svg`, avatar(c.name.charAt(0) + c.last_name.charAt(0), c.colors));
for (const t of DEMO_CLASS_TYPES) {
  write(`class-types/${t.slug}.svg`, banner(1200, 800, t.colors, t.name));
  write(`icons/${t.slug}.svg`, icon(t.slug, t.colors[0]));
}
for (const p of DEMO_PACKAGES) write(`packages/${p.slug}.svg`, banner(800, 600, p.colors, p.label));
const announcementColors: [string, string][] = [
  ["#7048e8", "#e64980"],
  ["#0ca678", "#1c7ed6"],
  ["#f59f00", "#e8590c"],
];
for (const [i, colors] of announcementColors.entries()) {
  write(`announcements/${i + 1}.svg`, banner(1200, 630, colors, "Aviso"));
}
for (let n = 1; n <= DEMO_VIDEO_COUNT; n++) {
  // The types in turn: n - 1 modulo the (non-empty) list's length is always one of its indexes.
  const t = DEMO_CLASS_TYPES[(n - 1) % DEMO_CLASS_TYPES.length]!;
  write(`videos/${n}.svg`, banner(1280, 720, t.colors, t.name, `Clase online #${n}`));
}
write("programs/reto-21-dias.svg", banner(1200, 800, ["#212529", "#e64980"], "Reto 21 días"));
console.log(`SVGs written to ${root}`);
