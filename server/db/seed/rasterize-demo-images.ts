/**
 * Writes the served JPEG/PNG copy of every demo SVG under web/public/demo (see rasterNameOf in
 * demo-assets.ts for why), drawn by Debian's Chromium at the SVG's own size. Run after
 * generate-demo-images.ts: npx tsx server/db/seed/rasterize-demo-images.ts
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { rasterNameOf } from "./demo-assets";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/public/demo");

function svgsUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return svgsUnder(full);
    return entry.name.endsWith(".svg") ? [path.relative(root, full)] : [];
  });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  for (const relative of svgsUnder(root)) {
    const target = rasterNameOf(relative);
    const svg = fs.readFileSync(path.join(root, relative), "utf8");
    const base64 = await page.evaluate(
      async ({ svg, type, scale }) => {
        const image = new Image();
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth * scale;
        canvas.height = image.naturalHeight * scale;
        canvas.getContext("2d")?.drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL(type, 0.85).split(",")[1];
      },
      // The logo is shown small but sharp on 2x screens; the rest are already large.
      {
        svg,
        type: target.endsWith(".png") ? "image/png" : "image/jpeg",
        scale: relative === "logo.svg" ? 2 : 1,
      },
    );
    if (base64 === undefined) throw new Error(`${relative}: the canvas gave no data URL`);
    fs.writeFileSync(path.join(root, target), Buffer.from(base64, "base64"));
    console.log(`${relative} → ${target}`);
  }
} finally {
  await browser.close();
}
