import { defineConfig } from "vitest/config";

export default defineConfig({
  esbuild: { jsx: "automatic" },
  define: { __FLAGS__: JSON.stringify("/assets/flags") },
  test: { include: ["src/**/*.test.{ts,tsx}"], environment: "node" },
});
