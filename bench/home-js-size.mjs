// Prints the JavaScript a first-time visitor downloads for a page (gzip -9 size of each file),
// measured in Chromium against a running server: node bench/home-js-size.mjs http://127.0.0.1:3000 / /calendario
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const path of paths.length ? paths : ["/"]) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const files = new Map();
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    try {
      files.set(res.url(), gzipSync(await res.body(), { level: 9 }).length);
    } catch {}
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzip of JavaScript in ${files.size} files`);
  for (const [url, size] of [...files].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${new URL(url).pathname}`);
  }
  await context.close();
}
await browser.close();
