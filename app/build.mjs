// Bundles the app for the bank's build script: one server bundle for V8 (IIFE) and client
// ES modules split by route set, content-hashed, plus the hashed stylesheet and a manifest
// that Rust reads. Usage: node build.mjs <outdir>
import { build } from "esbuild";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(here, "dist"));
const routeSets = ["auth", "dashboard", "director", "invited"];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const common = {
  bundle: true,
  minify: true,
  legalComments: "none",
  target: "es2022",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
  // react-router's package exports name only its development build.
  alias: { "react-router": path.join(here, "node_modules/react-router/dist/production/index.mjs") },
};

await build({
  ...common,
  entryPoints: [path.join(here, "src/entry-server.tsx")],
  outfile: path.join(out, "server.js"),
  format: "iife",
  platform: "neutral",
  mainFields: ["module", "main"],
  conditions: ["worker", "browser"],
});

const client = await build({
  ...common,
  entryPoints: {
    "entry-client": path.join(here, "src/entry-client.tsx"),
    ...Object.fromEntries(
      routeSets.map((name) => [`routes-${name}`, path.join(here, `src/routesets/${name}.tsx`)]),
    ),
    app: path.join(here, "../assets/css/app.css"),
  },
  outdir: path.join(out, "client"),
  format: "esm",
  splitting: true,
  platform: "browser",
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".svg": "file", ".woff2": "file" },
  metafile: true,
});

// For each entry: its file and every chunk it statically imports, transitively, so the page
// can modulepreload exactly what the route set needs.
const outputs = client.metafile.outputs;
const url = (file) => `/assets/${path.relative(path.join(out, "client"), path.resolve(file))}`;
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of outputs[file].imports) if (dep.kind === "import-statement") closure(dep.path, seen);
  return seen;
};
const entryFile = (name) =>
  Object.keys(outputs).find((f) => path.basename(f).startsWith(`${name}-`) && !f.endsWith(".map"));
const manifest = {
  entry: url(entryFile("entry-client")),
  entryImports: [...closure(entryFile("entry-client"))].map(url),
  css: url(Object.keys(outputs).find((f) => f.endsWith(".css"))),
  routeSets: Object.fromEntries(
    routeSets.map((name) => [name, [...closure(entryFile(`routes-${name}`))].map(url)]),
  ),
  files: Object.keys(outputs).map((f) => path.relative(path.join(out, "client"), path.resolve(f))),
};
writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2));
