import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The web app lives in web/ and builds to dist/web (served by the API server in production).
 * Admin and /mystudio screens are lazy routes, so a visitor's home page only downloads the shell.
 * Only React and the router get a vendor chunk of their own (every page needs all of them, and it
 * stays cached across deploys). Mantine, TanStack Query and icons are left to Rollup on purpose: a
 * manual "mantine" chunk would gather every component any lazy screen uses (menus, popovers,
 * date pickers) into the first download; split by reachability, the home page only gets what the
 * shell and the home page use. Measure with `node bench/lighthouse.mjs` (bench/RESULTS-public.md).
 */
const VENDOR_CHUNKS: Array<[chunk: string, test: RegExp]> = [
  ["react", /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/],
];

export default defineConfig({
  root: "web",
  base: "/",
  publicDir: "public",
  plugins: [react()],
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    target: "es2022",
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
        manualChunks(id) {
          for (const [chunk, test] of VENDOR_CHUNKS) if (test.test(id)) return chunk;
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      "/api": { target: "http://127.0.0.1:3000", changeOrigin: false },
    },
  },
});
