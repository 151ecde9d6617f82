// quick: one or more routes in a layout, logged in as olivia
import { DESKTOP, hydrated, latestCode, launchBrowser, MOBILE, startBank } from "../e2e/bank.mjs";
const [layout, ...routes] = process.argv.slice(2);
const bank = await startBank();
const browser = await launchBrowser();
const ctx = await browser.newContext(layout === "mobile" ? { ...MOBILE, viewport: { width: 360, height: 780 } } : DESKTOP);
const page = await ctx.newPage();
page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log("CONSOLE", m.text()); });
await page.goto(`${bank.url}/login`); await hydrated(page);
await page.fill("input[name=email]", "olivia@demo.harbour.example");
await page.fill("input[name=password]", "Harbour2026");
await page.click("button[type=submit]");
await page.waitForSelector("text=Approve Log In Using SMS Code");
const code = await latestCode(bank, "+447700900001");
await page.fill("[aria-label='Digit 1 of 6']", code[0]); await page.keyboard.type(code.slice(1));
await page.waitForURL(`${bank.url}/dashboard`); await hydrated(page);
for (const r of routes) {
  if (r === "menu") { await page.click("summary[aria-label='Menu']"); await page.waitForTimeout(400); await page.screenshot({ path: `/tmp/shot-${layout}-menu.png` }); continue; }
  await page.goto(`${bank.url}${r}`); await hydrated(page); await page.waitForLoadState("networkidle");
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(r, "scrollWidth", sw);
  await page.screenshot({ path: `/tmp/shot-${layout}${r.replaceAll("/", "-")}.png`, fullPage: false });
}
await browser.close(); bank.stop();
