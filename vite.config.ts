import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The web app lives in web/ and builds to dist/web (served by the API server in production).
 * Admin and /mystudio screens are lazy routes, so a visitor's home page only downloads the shell:
 * React + router, Mantine core and the public layout. Vendor code that every page needs is split
 * into long-lived chunks so a deploy that only changes app code keeps them cached.
 */
const VENDOR_CHUNKS: Array<[chunk: string, test: RegExp]> = [
  ["react", /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/],
  [
    "mantine",
    /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|notifications|modals|store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es)[\\/]/,
  ],
  ["query", /[\\/]node_modules[\\/]@tanstack[\\/]/],
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
