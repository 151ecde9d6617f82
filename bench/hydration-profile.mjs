// The dashboard's first load profiled in Chromium with the CPU slowed 4×: the time in each of the
// app's script functions (inclusive, averaged over the runs), to tell which of our code a long task
// in `make bench-hydration` is made of. The bundles are minified, so a function is named by its
// chunk and position: `node app/build.mjs DIR`, run from the repository's root as the build
// does, writes the same client files to look it up in.
//
//   node bench/hydration-profile.mjs          (needs target/release/bank, or BANK_BIN)
//   RUNS=5 TOP=80 TRACE_PATH=/cards node bench/hydration-profile.mjs
import { firstLoads, hydratedQuietly } from "./first-load.mjs";

const runs = Number(process.env.RUNS ?? 3);
const target = process.env.TRACE_PATH ?? "/dashboard";
const totals = new Map();
let scriptTotal = 0;
await firstLoads(runs, 4, async ({ page, cdp, url }) => {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Profiler.start");
  await page.goto(`${url}${target}`);
  await hydratedQuietly(cdp);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    // Inclusive: each distinct function on the sample's stack counts once.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at).callFrame;
      if (!f.url.includes("/assets/")) continue;
      const key = `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/assets\//, "")}:${f.lineNumber}:${f.columnNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + ms);
    }
    if (byId.get(id).callFrame.url.includes("/assets/")) scriptTotal += ms;
  });
});
console.log(
  `${target}: ${(scriptTotal / runs).toFixed(0)} ms per run in the app's scripts at 4× CPU (self time)`,
);
for (const [key, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40)))
  console.log(`${(ms / runs).toFixed(1).padStart(7)} ${key}`);
