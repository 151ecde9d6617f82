// The dashboard's first load profiled in Chromium with the CPU slowed 4×: the time in each of the
// app's script functions (inclusive, averaged over the runs), to tell which of our code a long task
// in `make bench-hydration` is made of. The bundles are minified, so a function is named by its
// chunk and position: `node app/build.mjs DIR`, run from the repository's root as the build
// does, writes the same client files to look it up in.
//
//   node bench/hydration-profile.mjs          (needs target/release/bank, or BANK_BIN)
//   RUNS=5 TOP=80 TRACE_PATH=/cards node bench/hydration-profile.mjs
import { hydrated, launchBrowser, logInWithSms, MOBILE, startBank } from "../app/e2e/bank.mjs";
const runs = Number(process.env.RUNS ?? 3);
const target = process.env.TRACE_PATH ?? "/dashboard";
const bank = await startBank();
const browser = await launchBrowser();
const totals = new Map();
let scriptTotal = 0;
try {
  const context = await browser.newContext(MOBILE);
  const setup = await context.newPage();
  await logInWithSms(setup, bank, "olivia@demo.harbour.example", "Harbour2026", "+447700900001");
  await setup.close();
  for (let run = 1; run <= runs; run++) {
    const fresh = await browser.newContext({ ...MOBILE, storageState: await context.storageState() });
    const page = await fresh.newPage();
    const cdp = await fresh.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    await page.goto(`${bank.url}${target}`);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(500);
    const { profile } = await cdp.send("Profiler.stop");
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const dt = profile.timeDeltas;
    profile.samples.forEach((id, i) => {
      const ms = (dt[i + 1] ?? 0) / 1000;
      // Inclusive: each distinct function on the sample's stack counts once.
      const seen = new Set();
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        const f = byId.get(cur).callFrame;
        if (!f.url.includes("/assets/")) continue;
        const key = `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/assets\//, "")}:${f.lineNumber}:${f.columnNumber}`;
        if (seen.has(key)) continue;
        seen.add(key);
        totals.set(key, (totals.get(key) ?? 0) + ms);
      }
      const top = byId.get(id).callFrame;
      if (top.url.includes("/assets/")) scriptTotal += ms;
    });
    await fresh.close();
  }
} finally {
  await browser.close();
  bank.stop();
}
console.log(
  `${target}: ${(scriptTotal / runs).toFixed(0)} ms per run in the app's scripts at 4× CPU (self time)`,
);
for (const [k, v] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40)))
  console.log(`${(v / runs).toFixed(1).padStart(7)} ${k}`);
