// Fails when the app's generated API types or schemas differ from what the committed OpenAPI
// document (src/api/openapi.json) generates; the Rust test `contract` fails when that document
// differs from the server's. Together: nothing keeps the two sides apart silently.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "api-check-"));
const bin = (name) => path.join(root, "node_modules/.bin", name);
execFileSync(
  bin("openapi-typescript"),
  [
    "src/api/openapi.json",
    "--empty-objects-unknown",
    "--default-non-nullable",
    "false",
    "-o",
    `${dir}/schema.gen.ts`,
  ],
  {
    cwd: root,
    stdio: "ignore",
  },
);
execFileSync(process.execPath, ["scripts/api-schemas.mjs", dir], { cwd: root });
const stale = [];
for (const file of [
  "schema.gen.ts",
  "schemas.gen.ts",
  ...readdirSync(dir).filter((f) => /^schemas-\w+\.gen\.ts$/.test(f)),
]) {
  const fresh = readFileSync(`${dir}/${file}`, "utf8");
  const committed = readFileSync(path.join(root, "src/api", file), "utf8");
  if (fresh !== committed) stale.push(file);
}
if (stale.length > 0) {
  console.error(
    `src/api/${stale.join(", ")} out of date with openapi.json: run \`make api-types\` and commit.`,
  );
  process.exit(1);
}
