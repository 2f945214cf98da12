import { svelte } from "@sveltejs/vite-plugin-svelte";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The UI lives in ui/; the app embeds the built dist/ (see src-tauri/tauri.conf.json).
export default defineConfig({
  root: "ui",
  plugins: [svelte({ configFile: fileURLToPath(new URL("./svelte.config.js", import.meta.url)) })],
  clearScreen: false,
  build: { outDir: "../dist", emptyOutDir: true, target: "safari16" },
  server: { port: 1420, strictPort: true, watch: { ignored: ["**/src-tauri/**", "**/target/**"] } },
  test: {
    root: ".",
    environment: "jsdom",
    include: ["ui/**/*.test.ts"],
  },
  resolve: process.env.VITEST ? { conditions: ["browser"] } : undefined,
});
