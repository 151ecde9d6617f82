// The dashboard's first load traced in Chromium with the CPU slowed 4× (Lighthouse's mobile
// slowdown), listing the main thread's longest tasks and what ran in each: the check behind
// issue 34's "no long task over 50 ms in a trace of the dashboard's hydration".
//
//   node bench/hydration-trace.mjs            (builds nothing: needs target/release/bank)
//   TRACE_RUNS=5 TRACE_PATH=/transfer/1 node bench/hydration-trace.mjs
//
// Each run opens the page afresh (empty cache, as a first visit), waits for hydration and for
// the main thread to go quiet, and reads the trace's top-level tasks. It prints the five longest
// tasks of each run with their largest pieces, and the longest task over all runs.
import { firstLoads, hydratedQuietly } from "./first-load.mjs";

const runs = Number(process.env.TRACE_RUNS ?? 3);
const target = process.env.TRACE_PATH ?? "/dashboard";
const slowdown = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4);
const LONG = 50;

/** Top-level tasks of the page's main thread, each with its pieces (script, parse, layout…). */
function tasksOf(events) {
  // The renderer's main thread that ran the page's script (a navigation may pass through another
  // renderer first): the one with the most script time.
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const scriptTime = (m) =>
    events
      .filter(
        (e) =>
          e.pid === m.pid && e.tid === m.tid && (e.name === "FunctionCall" || e.name === "v8.compileModule"),
      )
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const thread = mains.reduce((best, m) => (scriptTime(m) > scriptTime(best) ? m : best), mains[0]);
  const onMain = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X" && e.dur);
  // A task's wrappers nest (ThreadControllerImpl::RunTask around RunTask): the outermost counts.
  const wrappers = onMain.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  const contains = (o, t) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur;
  const tasks = wrappers.filter(
    (t) =>
      !wrappers.some(
        (o) => contains(o, t) && !(contains(t, o) && t.name === "ThreadControllerImpl::RunTask"),
      ),
  );
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const inside = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end)
      .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    // Self time of each event (its time less its children's), summed by name and script.
    const self = new Map();
    const stack = [{ ts: task.ts, dur: task.dur, key: null, children: 0 }];
    const close = (frame) => {
      if (frame.key) self.set(frame.key, (self.get(frame.key) ?? 0) + frame.dur - frame.children);
    };
    for (const e of inside) {
      while (stack.length > 1 && e.ts >= stack.at(-1).ts + stack.at(-1).dur) close(stack.pop());
      stack.at(-1).children += e.dur;
      const data = e.args?.data ?? {};
      const url = (data.url ?? "").replace(/^https?:\/\/[^/]+/, "");
      const at = data.lineNumber === undefined ? "" : `:${data.lineNumber}:${data.columnNumber}`;
      const key = [e.name, data.functionName, url && url + at].filter(Boolean).join(" ");
      stack.push({ ts: e.ts, dur: e.dur, key, children: 0 });
    }
    while (stack.length > 1) close(stack.pop());
    const pieces = [...self].map(([key, us]) => ({ key, ms: us / 1000 })).sort((a, b) => b.ms - a.ms);
    return { start: task.ts, ms: task.dur / 1000, pieces };
  });
}

let longest = 0;
await firstLoads(runs, slowdown, async ({ run, page, cdp, browser, url }) => {
  await browser.startTracing(page, {
    categories: [
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "toplevel",
      "v8.execute",
      "v8",
      "blink",
      "loading",
    ],
  });
  const navigated = performance.now();
  await page.goto(`${url}${target}`);
  await hydratedQuietly(cdp);
  // Quiet: what hydration left for later (the chunks asked for after the first frame) runs too.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
  const tasks = tasksOf(trace.traceEvents ?? trace).sort((a, b) => b.ms - a.ms);
  const long = tasks.filter((t) => t.ms > LONG);
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.ms - LONG), 0);
  console.log(
    `run ${run}: ${target} hydrated in ${Math.round(performance.now() - navigated)} ms at ${slowdown}× CPU; ` +
      `${tasks.length} tasks, ${long.length} over ${LONG} ms, blocking ${Math.round(blocking)} ms`,
  );
  for (const task of tasks.slice(0, 5)) {
    const pieces = task.pieces
      .slice(0, 3)
      .map((p) => `${p.key} ${p.ms.toFixed(1)}`)
      .join("; ");
    console.log(`  ${task.ms.toFixed(1).padStart(7)} ms  ${pieces}`);
  }
  longest = Math.max(longest, tasks[0]?.ms ?? 0);
});
console.log(
  `longest task over ${runs} runs: ${longest.toFixed(1)} ms (${longest > LONG ? "over" : "within"} ${LONG} ms)`,
);
