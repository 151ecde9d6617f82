import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  define: { __FLAGS__: JSON.stringify("/assets/flags"), __SERVER__: "true" },
  test: { include: ["src/**/*.test.{ts,tsx}"], environment: "node" },
});
