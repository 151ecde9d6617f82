import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { DESKTOP, hydrated, latestCode, launchBrowser, MOBILE, startBank } from "../e2e/bank.mjs";
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const bank = await startBank();
const browser = await launchBrowser();
async function audit(page, label) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => await window.axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] }));
  for (const v of result.violations) console.log(label, v.id, v.impact, v.nodes.length, v.nodes.slice(0, 2).map((n) => n.html.slice(0, 150)).join(" | "));
}
for (const [layout, opts] of [["desktop", DESKTOP], ["mobile", MOBILE]]) {
  const ctx = await browser.newContext(opts);
  const page = await ctx.newPage();
  for (const r of ["/", "/login", "/forgot", "/onboarding/user", "/privacy-policy"]) {
    await page.goto(`${bank.url}${r}`, { waitUntil: "networkidle" });
    await audit(page, `${layout} ${r}`);
  }
  await page.goto(`${bank.url}/login`); await hydrated(page);
  await page.fill("input[name=email]", "olivia@demo.harbour.example");
  await page.fill("input[name=password]", "Harbour2026");
  await page.click("button[type=submit]");
  await page.waitForSelector("text=Approve Log In Using SMS Code");
  await audit(page, `${layout} /login(code)`);
  const code = await latestCode(bank, "+447700900001");
  await page.fill("[aria-label='Digit 1 of 6']", code[0]); await page.keyboard.type(code.slice(1));
  await page.waitForURL(`${bank.url}/dashboard`); await hydrated(page);
  for (const r of ["/dashboard", "/recipients", "/recipients/create", "/transfer/1", "/currency-converter", "/statement", "/proof-letter", "/cards", layout === "mobile" ? "/account" : "/client/details", "/company/add", layout === "desktop" ? "/bank-accounts/details" : "/cards/corporate"]) {
    await page.goto(`${bank.url}${r}`); await hydrated(page); await page.waitForLoadState("networkidle");
    await audit(page, `${layout} ${r}`);
  }
  await ctx.close();
}
await browser.close(); bank.stop();
