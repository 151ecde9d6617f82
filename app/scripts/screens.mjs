// `make screens` (issue 28): a PNG of every screen in both layouts, and without JavaScript for
// the core flows, written into one folder to look at. It drives the real binary in sandbox mode
// with its demo customers, as the browser tests do.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { choose, DESKTOP, hydrated, latestCode, launchBrowser, MOBILE, startBank } from "../e2e/bank.mjs";

const out = path.resolve(process.env.SCREENS_DIR ?? path.join(import.meta.dirname, "../../target/screens"));
mkdirSync(out, { recursive: true });

const PUBLIC = ["/", "/login", "/forgot", "/privacy-policy", "/onboarding/user", "/dev/ui"];
const SIGNED_IN = {
  desktop: [
    "/dashboard",
    "/recipients",
    "/recipients/create",
    "/transfer/1",
    "/transfer/0",
    "/currency-converter",
    "/statement",
    "/proof-letter",
    "/cards",
    "/bank-accounts/details",
    "/client/details",
    "/company/add",
    "/invoice/list",
    "/invoice/new",
    "/invoice/contractors",
    "/invoice/contractors/new",
    "/loans",
    "/merchant",
    "/mortgage",
    "/mortgage?step=basic",
    "/mortgage?step=finance",
    "/factoring",
    "/contact-us",
  ],
  mobile: [
    "/dashboard",
    "/recipients",
    "/recipients/create",
    "/transfer/1",
    "/currency-converter",
    "/statement",
    "/proof-letter",
    "/cards",
    "/cards/corporate",
    "/account",
    "/account/users/invite",
    "/company/add",
    "/invoice/list",
    "/invoice/new",
    "/invoice/contractors",
    "/invoice/contractors/new",
    "/loans",
    "/merchant",
    "/mortgage",
    "/mortgage?step=basic",
    "/mortgage?step=finance",
    "/factoring",
    "/contact-us",
  ],
};
// The money flows a customer must be able to finish before the page's JavaScript arrives.
const WITHOUT_JS = ["/login", "/dashboard", "/transfer/1", "/currency-converter", "/recipients/create"];

// SCREENS_ONLY=/cards,/account narrows the run to the screens a change touched.
const only = process.env.SCREENS_ONLY?.split(",").filter(Boolean);
const wanted = (route) => !only || only.includes(route);

const name = (layout, route, suffix = "") =>
  path.join(out, `${layout}${route === "/" ? "-home" : route.replaceAll("/", "-")}${suffix}.png`);

async function shoot(page, file) {
  await page.screenshot({ path: file, fullPage: true });
  console.log(path.relative(process.cwd(), file));
}

async function logIn(page, bank) {
  await page.goto(`${bank.url}/login`);
  await hydrated(page);
  await page.fill("input[name=email]", "olivia@demo.harbour.example");
  await page.fill("input[name=password]", "Harbour2026");
  await page.click("button[type=submit]");
  await page.waitForSelector("text=Approve Log In Using SMS Code");
  const code = await latestCode(bank, "+447700900001");
  await page.fill("[aria-label='Digit 1 of 6']", code[0]);
  await page.keyboard.type(code.slice(1));
  await page.waitForURL(`${bank.url}/dashboard`);
  await hydrated(page);
}

const bank = await startBank();
const browser = await launchBrowser();
try {
  for (const [layout, options] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    for (const route of PUBLIC.filter(wanted)) {
      // Policy pages are plain HTML with no app to hydrate.
      await page.goto(`${bank.url}${route}`, { waitUntil: "networkidle" });
      await shoot(page, name(layout, route));
    }
    await logIn(page, bank);
    for (const route of SIGNED_IN[layout].filter(wanted)) {
      await page.goto(`${bank.url}${route}`);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await shoot(page, name(layout, route));
    }
    // An invoice, and the creation flow's data and preview steps, reached as a customer does.
    if (wanted("/invoice/view")) {
      await page.goto(`${bank.url}/invoice/list`);
      await hydrated(page);
      await page.click(".invoice-row >> nth=-1");
      await page.waitForSelector(".invoice-sheet");
      await shoot(page, name(layout, "/invoice/view"));
      await page.goto(`${bank.url}/invoice/new`);
      await hydrated(page);
      await page.click(".partner-choice >> nth=0");
      await page.waitForSelector(".invoice-form");
      await page.fill("input[name='items.0.description']", "Consulting");
      await page.fill("input[name='items.0.quantityHours']", "10");
      await page.fill("input[name='items.0.price']", "90");
      await page.waitForSelector(".invoice-totals");
      await shoot(page, name(layout, "/invoice/new", "-data"));
      await page.click("button:has-text('Preview')");
      await page.waitForSelector(".invoice-sheet");
      await shoot(page, name(layout, "/invoice/new", "-preview"));
    }
    // The merchant form, once the person starts applying.
    if (wanted("/merchant/form")) {
      await page.goto(`${bank.url}/merchant`);
      await hydrated(page);
      if (await page.isVisible("text=Start Applying")) {
        await page.click("text=Start Applying");
        await page.waitForSelector("form.loan-form");
        await shoot(page, name(layout, "/merchant", "-form"));
      }
    }
    // A loan applied for, the sandbox lender's page, and its offer on the status screen.
    if (wanted("/loans/status")) {
      await page.goto(`${bank.url}/loans`);
      await hydrated(page);
      if (await page.isVisible("form.loan-form")) {
        await page.fill("input[name=amount]", "25000");
        await choose(page, "termMonths", "12");
        await choose(page, "purpose", "Equipment");
        await page.fill("input[name=monthlyTurnover]", "40000");
        await page.click("button:text('Apply')");
        await page.waitForURL(/\/sandbox\/lender/);
        await shoot(page, name(layout, "/loans", "-lender"));
        await page.click("button:text('Offer £25,000.00')");
        await page.waitForURL(/\/loans$/);
        await hydrated(page);
      }
      await shoot(page, name(layout, "/loans", "-status"));
    }
    if (layout === "mobile" && wanted("/menu")) {
      await page.goto(`${bank.url}/dashboard`);
      await hydrated(page);
      await page.click("summary[aria-label='Menu']");
      await page.waitForSelector(".drawer-panel");
      // The drawer slides in: the picture is of it open, not on its way.
      await page.waitForTimeout(600);
      await page.screenshot({ path: name(layout, "/menu") });
      console.log(path.relative(process.cwd(), name(layout, "/menu")));
    }
    // The same person's pages as a browser without JavaScript shows them.
    const plain = await browser.newContext({
      ...options,
      javaScriptEnabled: false,
      storageState: await context.storageState(),
    });
    const plainPage = await plain.newPage();
    for (const route of WITHOUT_JS.filter(wanted)) {
      await plainPage.goto(`${bank.url}${route}`);
      await shoot(plainPage, name(layout, route, "-nojs"));
    }
    await plain.close();
    await context.close();
  }
} finally {
  await browser.close();
  bank.stop();
}
console.log(`screens in ${out}`);
