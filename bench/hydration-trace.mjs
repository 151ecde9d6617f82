// The dashboard's first load traced in Chromium with the CPU slowed 4× (Lighthouse's mobile
// slowdown), listing the main thread's longest tasks and what ran in each: the check behind
// issue 34's "no long task over 50 ms in a trace of the dashboard's hydration".
//
//   node bench/hydration-trace.mjs            (builds nothing: needs target/release/bank)
//   TRACE_RUNS=5 TRACE_PATH=/transfer/1 node bench/hydration-trace.mjs
//   TRACE_JS=off TRACE_LAYOUTS=1 node bench/hydration-trace.mjs
//
// Each run opens the page afresh (empty cache, as a first visit), waits for hydration and for
// the main thread to go quiet, and reads the trace's top-level tasks. It prints the five longest
// tasks of each run with their largest pieces, and the longest task over all runs; a task is
// "mostly script" when the page's JavaScript is more than half of it (the rest is the browser's
// own work on the server's HTML, which TRACE_JS=off shows alone).
import { firstLoads, hydratedQuietly } from "./first-load.mjs";

const runs = Number(process.env.TRACE_RUNS ?? 3);
const target = process.env.TRACE_PATH ?? "/dashboard";
const slowdown = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4);
const LONG = 50;
// TRACE_LAYOUTS=1 also lists each layout of over 5 ms: how many of the page's objects it laid
// out, and what marked them (Blink's invalidation tracking: the reason and the node, with the
// script that did it when one did).
const layouts = process.env.TRACE_LAYOUTS === "1";
// TRACE_JS=off loads the page with JavaScript switched off: the tasks the browser needs for the
// server's page alone (parsing, style, layout, paint), which no change to the app can shorten.
const javaScript = process.env.TRACE_JS !== "off";

/** Top-level tasks of the page's main thread, each with its pieces (script, parse, layout…). */
function tasksOf(events) {
  // The renderer's main thread that ran the page (a navigation may pass through another
  // renderer first): the one with the most script and layout time.
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const pageTime = (m) =>
    events
      .filter(
        (e) =>
          e.pid === m.pid &&
          e.tid === m.tid &&
          (e.name === "FunctionCall" || e.name === "v8.compileModule" || e.name === "Layout"),
      )
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const thread = mains.reduce((best, m) => (pageTime(m) > pageTime(best) ? m : best), mains[0]);
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

/** Each layout over 5 ms with the invalidations recorded since the layout before it. */
function listLayouts(events) {
  const byTime = events.filter((e) => e.ts).sort((a, b) => a.ts - b.ts);
  const start = byTime[0]?.ts ?? 0;
  let since = [];
  for (const e of byTime) {
    if (e.name === "LayoutInvalidationTracking" || e.name === "StyleRecalcInvalidationTracking") {
      since.push(e);
      continue;
    }
    if (e.name !== "Layout" || e.ph !== "X") continue;
    const data = e.args?.beginData ?? {};
    if ((e.dur ?? 0) >= 5000) {
      const reasons = new Map();
      for (const i of since) {
        const d = i.args?.data ?? {};
        const frame = d.stackTrace?.[0];
        const script = frame ? String(frame.url).replace(/^https?:\/\/[^/]+/, "") : "";
        const where = frame ? ` (${frame.functionName || "?"} ${script}:${frame.lineNumber})` : "";
        const key = `${i.name === "LayoutInvalidationTracking" ? "layout" : "style"}: ${d.reason ?? "?"} ${d.nodeName ?? ""}${where}`;
        reasons.set(key, (reasons.get(key) ?? 0) + 1);
      }
      const top = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(
        `    layout at ${((e.ts - start) / 1000).toFixed(0)} ms: ${(e.dur / 1000).toFixed(1)} ms, ` +
          `${data.dirtyObjects}/${data.totalObjects} objects${data.partialLayout ? " (partial)" : ""}`,
      );
      for (const [key, n] of top) console.log(`      ${n}× ${key}`);
    }
    since = [];
  }
}

/** A task's script time: the page's JavaScript being compiled, run and collected, apart from
 * the browser's own work (parsing, style, layout, paint, committing the navigation). */
const SCRIPT = /^(FunctionCall|EvaluateScript|RunMicrotasks|v8\.(compile|evaluate|run|callFunction)|V8\.(Compile|Parse|GC|HandleInterrupts|BytecodeBudget)|MinorGC|MajorGC)/;
function scriptMs(task) {
  return task.pieces.filter((p) => SCRIPT.test(p.key)).reduce((sum, p) => sum + p.ms, 0);
}

let longest = 0;
let longestScript = 0;
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
      ...(layouts ? ["disabled-by-default-devtools.timeline.invalidationTracking"] : []),
    ],
  });
  const navigated = performance.now();
  await page.goto(`${url}${target}`);
  if (javaScript) await hydratedQuietly(cdp);
  // Quiet: what hydration left for later (the chunks asked for after the first frame) runs too.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1000);
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
  const tasks = tasksOf(trace.traceEvents ?? trace).sort((a, b) => b.ms - a.ms);
  const long = tasks.filter((t) => t.ms > LONG);
  const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.ms - LONG), 0);
  const scripted = long.filter((t) => scriptMs(t) > t.ms / 2);
  console.log(
    `run ${run}: ${target} ${javaScript ? "hydrated" : "loaded without JavaScript"} in ${Math.round(performance.now() - navigated)} ms at ${slowdown}× CPU; ` +
      `${tasks.length} tasks, ${long.length} over ${LONG} ms (${scripted.length} mostly script), blocking ${Math.round(blocking)} ms`,
  );
  longestScript = Math.max(longestScript, ...scripted.map((t) => t.ms));
  const show = (label, task, pieces) =>
    console.log(
      `  ${label}${task.ms.toFixed(1).padStart(7)} ms  ` +
        pieces
          .slice(0, 3)
          .map((p) => `${p.key} ${p.ms.toFixed(1)}`)
          .join("; "),
    );
  for (const task of tasks.slice(0, 5)) show("", task, task.pieces);
  for (const task of scripted) show("script ", task, task.pieces.filter((p) => SCRIPT.test(p.key)));
  if (layouts) listLayouts(trace.traceEvents ?? trace);
  longest = Math.max(longest, tasks[0]?.ms ?? 0);
}, { javaScript });
console.log(
  `longest task over ${runs} runs: ${longest.toFixed(1)} ms (${longest > LONG ? "over" : "within"} ${LONG} ms); ` +
    `longest mostly script: ${longestScript.toFixed(1)} ms`,
);
