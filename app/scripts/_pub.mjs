import { DESKTOP, launchBrowser, MOBILE, startBank } from "../e2e/bank.mjs";
const [layout, scheme, ...routes] = process.argv.slice(2);
const bank = await startBank();
const browser = await launchBrowser();
const ctx = await browser.newContext({ ...(layout === "mobile" ? MOBILE : DESKTOP), colorScheme: scheme });
const page = await ctx.newPage();
for (const r of routes) {
  await page.goto(`${bank.url}${r}`, { waitUntil: "networkidle" });
  await page.screenshot({ path: `/tmp/pub-${layout}-${scheme}${r.replaceAll("/", "-")}.png`, fullPage: true });
}
await browser.close(); bank.stop();
