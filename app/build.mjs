// Bundles the app for the bank's build script: one server bundle for V8 (IIFE) and client
// ES modules split by route set, content-hashed, plus the hashed stylesheet and a manifest
// that Rust reads. Usage: node build.mjs <outdir>
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(here, "dist"));
const routeSets = ["auth", "backoffice", "card", "dashboard", "director", "invited"];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Country flags (country-flag-icons, MIT): SVG files beside the bundles rather than in them, so
// a flag costs a page no JS. The folder's name carries a hash of all of them, so they can be
// cached for good like every other asset, and the app learns the folder through a define.
const flagSource = path.join(here, "node_modules/country-flag-icons/3x2");
const flagFiles = readdirSync(flagSource)
  .filter((f) => /^[A-Z]{2}\.svg$/.test(f))
  .sort();
const flagHash = createHash("sha256");
for (const f of flagFiles) flagHash.update(f).update(readFileSync(path.join(flagSource, f)));
const flagDir = `flags-${flagHash.digest("hex").slice(0, 8)}`;
mkdirSync(path.join(out, "client", flagDir), { recursive: true });
for (const f of flagFiles) copyFileSync(path.join(flagSource, f), path.join(out, "client", flagDir, f));

const common = {
  // Paths in the output (esbuild names each CommonJS module by its path) are the app folder's,
  // whatever folder the build is run from, so the bytes served do not depend on it.
  absWorkingDir: here,
  bundle: true,
  minify: true,
  legalComments: "none",
  target: "es2022",
  jsx: "automatic",
  define: { "process.env.NODE_ENV": '"production"', __FLAGS__: JSON.stringify(`/assets/${flagDir}`) },
  logLevel: "warning",
  // react-router's package exports name only its development build.
  alias: { "react-router": path.join(here, "node_modules/react-router/dist/production/index.mjs") },
};

await build({
  ...common,
  entryPoints: [path.join(here, "src/entry-server.tsx")],
  define: { ...common.define, __SERVER__: "true" },
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
  define: { ...common.define, __SERVER__: "false" },
  outdir: path.join(out, "client"),
  format: "esm",
  splitting: true,
  platform: "browser",
  entryNames: "[name]-[hash]",
  // Chunks are named by their hash alone: every import of one spells its name.
  chunkNames: "[hash]",
  assetNames: "[name]-[hash]",
  loader: { ".svg": "file", ".woff2": "file" },
  metafile: true,
});

// For each entry: its file and every chunk it statically imports, transitively, so the page
// can modulepreload exactly what the route set needs.
const outputs = client.metafile.outputs;
// BANK_METAFILE=/tmp/meta.json: esbuild's account of every chunk, for finding what a budget pays for.
if (process.env.BANK_METAFILE) writeFileSync(process.env.BANK_METAFILE, JSON.stringify(client.metafile));
const url = (file) => `/assets/${path.relative(path.join(out, "client"), path.resolve(here, file))}`;
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const dep of outputs[file].imports) if (dep.kind === "import-statement") closure(dep.path, seen);
  return seen;
};
const pageId = (entryPoint) =>
  path.relative(path.join(here, "src"), path.resolve(here, entryPoint)).replace(/\.tsx?$/, "");
const isPage = (entryPoint) =>
  !pageId(entryPoint).startsWith("..") && !/^(entry-client|routesets\/[a-z]+)$/.test(pageId(entryPoint));
const entryFile = (name) =>
  Object.keys(outputs).find((f) => path.basename(f).startsWith(`${name}-`) && !f.endsWith(".map"));
const manifest = {
  entry: url(entryFile("entry-client")),
  entryImports: [...closure(entryFile("entry-client"))].map(url),
  css: url(Object.keys(outputs).find((f) => f.endsWith(".css"))),
  routeSets: Object.fromEntries(
    routeSets.map((name) => [name, [...closure(entryFile(`routes-${name}`))].map(url)]),
  ),
  // Each lazily loaded page (routing/lazyPage.tsx) by its id, the module's path under src/:
  // its chunk and what that statically imports.
  pages: Object.fromEntries(
    Object.entries(outputs)
      .filter(([file, output]) => output.entryPoint && !file.endsWith(".map") && isPage(output.entryPoint))
      .map(([file, output]) => [pageId(output.entryPoint), [...closure(file)].map(url)]),
  ),
  files: [
    ...Object.keys(outputs).map((f) => path.relative(path.join(out, "client"), path.resolve(here, f))),
    ...flagFiles.map((f) => `${flagDir}/${f}`),
  ],
};
writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2));

// First-load JS per route set, brotli as served (quality 11, as build.rs precompresses): the
// entry, the set's chunks and its heaviest page's, all that the boot script asks for. A set over
// its budget fails the build, so no change makes a slow phone wait longer without someone
// deciding it should.
// auth 80 -> 81 (issue 31): the promo names every flag answer carries and the link keys sign-up
// keeps filled the last 0.5 KiB, and no split of the shared schemas gave it back (measured).
// dashboard 100 -> 101 (issue 34): the signed-in menu's items became plain links under one click
// handler (`routing/linkClicks.ts`, 0.3 KiB), which takes a tenth off every signed-in page's render
// on the server and in hydration; React Router's NavLink stays in its chunk unused (its module's
// top-level forwardRef calls cannot be dropped).
// auth 81 -> 82, card 80 -> 81 (issue 34): every <Link> became the app's own (`routing/Link.tsx`,
// a plain anchor under the page's one click handler, 0.5 KiB with that handler in the entry), which
// takes 30 % off the log-in page's server render; React Router's <Link> stays, as NavLink does.
const BUDGET_KIB = { auth: 82, backoffice: 85, card: 81, dashboard: 101, director: 90, invited: 85 };
const sizes = new Map();
const brotli = (url) => {
  if (!sizes.has(url)) {
    const file = path.join(out, "client", url.replace("/assets/", ""));
    sizes.set(
      url,
      brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    );
  }
  return sizes.get(url);
};
const setPages = (name) =>
  outputs[entryFile(`routes-${name}`)].imports
    .filter((dep) => dep.kind === "dynamic-import")
    .map((dep) => pageId(outputs[dep.path].entryPoint));
const over = [];
for (const name of routeSets) {
  const shell = [...manifest.entryImports, ...manifest.routeSets[name]];
  let heaviest = { kib: 0, page: "(none)" };
  // The sandbox's component gallery (/dev/ui) is never served to a customer.
  for (const page of setPages(name).filter((p) => !p.startsWith("ui/dev/"))) {
    const files = new Set([...shell, ...manifest.pages[page]]);
    const kib = [...files].reduce((sum, file) => sum + brotli(file), 0) / 1024;
    if (kib > heaviest.kib) heaviest = { kib, page };
  }
  if (process.env.BANK_BUDGET_REPORT)
    console.log(
      `${name}: ${heaviest.kib.toFixed(3)} KiB brotli with ${heaviest.page} (budget ${BUDGET_KIB[name]})`,
    );
  if (!(name in BUDGET_KIB)) over.push(`${name} has no budget`);
  else if (heaviest.kib > BUDGET_KIB[name])
    over.push(`${name}: ${heaviest.kib.toFixed(1)} KiB with ${heaviest.page} > ${BUDGET_KIB[name]} KiB`);
}
if (over.length > 0) {
  console.error(`first-load JS over budget (brotli):\n  ${over.join("\n  ")}`);
  process.exit(1);
}
