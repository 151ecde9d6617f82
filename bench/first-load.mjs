// A signed-in page's first load on a slow phone, for the hydration benches: the demo owner signs
// in once, then each run opens a fresh context with that session (an empty cache, as a first
// visit) and a phone's viewport, with DevTools slowing the CPU.
import { launchBrowser, logInWithSms, MOBILE, startBank } from "../app/e2e/bank.mjs";

/**
 * Calls `visit({ run, page, cdp, browser, url })` once per run, the page not yet opened;
 * `javaScript: false` opens it as a browser without JavaScript would (the server's page alone).
 */
export async function firstLoads(runs, slowdown, visit, { javaScript = true } = {}) {
  const bank = await startBank();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext(MOBILE);
    const setup = await context.newPage();
    await logInWithSms(setup, bank, "olivia@demo.harbour.example", "Harbour2026", "+447700900001");
    await setup.close();
    for (let run = 1; run <= runs; run++) {
      const fresh = await browser.newContext({
        ...MOBILE,
        storageState: await context.storageState(),
        javaScriptEnabled: javaScript,
      });
      const page = await fresh.newPage();
      const cdp = await fresh.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
      await visit({ run, page, cdp, browser, url: bank.url });
      await fresh.close();
    }
  } finally {
    await browser.close();
    bank.stop();
  }
}

/**
 * Waits until the page has hydrated without touching it the way Playwright's selectors do: a
 * `waitForSelector` injects Playwright's own script into the page (tens of milliseconds of
 * evaluation on a 4× slowed CPU, traced as the page's own long tasks) and polls inside it. This
 * asks the page one short question over DevTools every 100 ms instead.
 */
export async function hydratedQuietly(cdp, timeoutMs = 10000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { result } = await cdp.send("Runtime.evaluate", {
      expression: "document.documentElement.dataset.hydrated === 'true'",
      returnByValue: true,
    });
    if (result.value === true) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the page did not hydrate");
}

