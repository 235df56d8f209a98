import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

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

/**
 * `vite build --ssr` (npm run build's second step) builds web/entry-server.tsx into dist/ssr: the
 * same app, rendered by the server for visitors' public pages (decision 0012). One self-contained
 * file: dependencies are bundled in, so it runs from wherever dist/ssr is copied.
 */
const ssrBuild: UserConfig = {
  root: "web",
  publicDir: false,
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    outDir: "../dist/ssr",
    emptyOutDir: true,
    target: "node20",
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: "entry-server.js", inlineDynamicImports: true } },
  },
};

const clientBuild: UserConfig = {
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
    // One stylesheet, linked from index.html: a server-rendered page (decision 0012) must be styled
    // by its first paint, and a page chunk's own CSS would only arrive once its JavaScript ran
    // (the page jumped when it did). Every CSS module of the app together is ~3 KB gzip.
    cssCodeSplit: false,
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
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));
