// Starts the real release binary on a fresh database and a free port, and Chromium beside it.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export async function startBank(extraEnv = {}) {
  const binary = process.env.BANK_BIN ?? path.resolve(import.meta.dirname, "../../target/release/bank");
  const dir = mkdtempSync(path.join(tmpdir(), "bank-e2e-"));
  const port = await freePort();
  const env = {
    ...process.env,
    BANK_PORT: String(port),
    DATABASE_URL: `sqlite://${dir}/bank.db`,
    BANK_SANDBOX: "on",
    RUST_LOG: "warn",
    ...extraEnv,
  };
  const child = spawn(binary, [], { env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    /** Runs a `bank` command against this bank's database (e.g. `money-in`). */
    cli(args) {
      return execFileSync(binary, args, { env, encoding: "utf8" });
    },
    stop() {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
  });
}

export const MOBILE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
};
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Collects console errors and warnings (hydration mismatches are reported there) and API calls. */
export function watch(page) {
  const problems = [];
  const apiCalls = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/v1/") || url.pathname.startsWith("/v2/")) apiCalls.push(url.pathname);
  });
  return { problems, apiCalls };
}

/** Waits for `selector`; when it never shows, the error says what the page showed instead, so a
 * failure in CI (where no screenshot survives) explains itself. */
export async function waitToSee(page, selector) {
  try {
    return await page.waitForSelector(selector);
  } catch (error) {
    const shown = await page
      .locator("main, body")
      .first()
      .innerText()
      .catch(() => "(no page)");
    error.message += `\nat ${page.url()} the page showed:\n${shown.slice(0, 1500)}`;
    throw error;
  }
}

export async function hydrated(page) {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 10000 });
  // Let React finish its first commit and report any mismatch.
  await page.waitForTimeout(200);
}

/**
 * Chooses in the kit's select posting under `name`: the option of value `value`, or the first
 * whose text starts with `{ startsWith }`. Through the overlay once the page has hydrated (as a
 * person clicks it), through the browser's own select before that or without JS.
 */
export async function choose(page, name, value) {
  await page.waitForSelector(`[name="${name}"]`, { state: "attached" });
  const overlay = page.locator(`.select:has(input[type=hidden][name="${name}"]) [role=combobox]`);
  if ((await overlay.count()) === 0) {
    const select = `select[name="${name}"]`;
    const wanted =
      typeof value === "string"
        ? value
        : await page.$eval(
            select,
            (el, prefix) => [...el.options].find((o) => o.textContent.startsWith(prefix))?.value,
            value.startsWith,
          );
    await page.selectOption(select, wanted);
    return;
  }
  await overlay.click();
  const list = `[id="${await overlay.getAttribute("aria-controls")}"]`;
  const option =
    typeof value === "string"
      ? page.locator(`${list} [role=option][data-value="${value}"]`)
      : page
          .locator(`${list} [role=option]`)
          .filter({ hasText: new RegExp(`^${value.startsWith}`) })
          .first();
  await option.click();
  await page.waitForFunction(
    (box) => box.getAttribute("aria-expanded") === "false",
    await overlay.elementHandle(),
  );
}

/**
 * Waits until the page's h1 reads `text`. After a client navigation the URL changes before the
 * lazily loaded route renders, so reading the h1 right after waitForURL can see the old page.
 */
export async function expectHeading(page, text) {
  // The whole heading, not a part of it: "Corporate card" must not match the list's
  // "Corporate cards" still on screen while the card's page loads.
  const whole = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  const h1 = page.locator("h1", { hasText: whole });
  try {
    await h1.first().waitFor({ timeout: 10000 });
  } catch {
    const actual = await page.locator("h1").allTextContents();
    throw new Error(`expected the heading "${text}", the page shows ${JSON.stringify(actual)}`);
  }
  const actual = (await h1.first().textContent())?.trim();
  if (actual !== text) throw new Error(`expected the heading "${text}", the page shows "${actual}"`);
}

/** The newest 6-digit code sent to an email or phone, read from the sandbox outbox page. */
export async function latestCode(bank, to) {
  const html = await (await fetch(`${bank.url}/dev/outbox?to=${encodeURIComponent(to)}`)).text();
  const match = /<pre class="outbox-body">(\d{6})/.exec(html);
  if (!match) throw new Error(`no code was sent to ${to}`);
  return match[1];
}

/** Types a six-digit code into the code input, as a person would. */
export async function typeCode(page, code) {
  await page.fill("[aria-label='Digit 1 of 6']", code[0]);
  await page.keyboard.type(code.slice(1));
}

/** Logs a demo customer in with password and SMS code, ending on the dashboard, hydrated. */
export async function logInWithSms(page, bank, email, password, phone) {
  await page.goto(`${bank.url}/login`);
  await hydrated(page);
  await page.fill("input[name=email]", email);
  await page.fill("input[name=password]", password);
  await page.click("button[type=submit]");
  await page.waitForSelector("text=Approve Log In Using SMS Code");
  const code = await latestCode(bank, phone);
  await page.fill("[aria-label='Digit 1 of 6']", code[0]);
  await page.keyboard.type(code.slice(1));
  await page.waitForURL(`${bank.url}/dashboard`);
  await hydrated(page);
}

/** A tiny JPEG header: the sandbox widget checks pictures by their first bytes. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/** The phone step of onboarding: the number, then the texted code. */
export async function verifyPhone(page, bank, phone) {
  await page.waitForURL(`${bank.url}/phone-verification`);
  await hydrated(page);
  await page.fill("input[name=telephone]", `${phone.slice(0, 3)} ${phone.slice(3)}`);
  await page.click("text=Send code");
  await page.waitForSelector("text=Phone number updated");
  await typeCode(page, await latestCode(bank, phone));
}

/** The identity step: the agreement, then the sandbox widget with a document and a selfie. */
export async function verifyIdentity(page, bank) {
  await page.waitForURL(`${bank.url}/sumsub`);
  await hydrated(page);
  await page.click("text=Continue");
  await page.waitForSelector("text=Field is required");
  await page.check("input[name=accepted]");
  await page.click("text=Continue");
  const widget = page.frameLocator("iframe[title='Identity verification']");
  await widget
    .locator("input[name=document]")
    .setInputFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: JPEG });
  await widget
    .locator("input[name=selfie]")
    .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: JPEG });
  await widget.locator("text=Send for checking").click();
  // The widget's `completed` message takes the person back to the controller.
  await page.waitForURL(
    /\/(controller|additional-company-info|account-activation|invite-onboarding\/status|dashboard)/,
  );
}

/** Registration steps 3-4: personal details, then the address found by its postcode. */
export async function fillPersonalDetails(page, name, surname) {
  await choose(page, "title", "Ms");
  await page.fill("input[name=name]", name);
  await page.fill("input[name=surname]", surname);
  await page.fill("input[name=day]", "10");
  await page.fill("input[name=month]", "12");
  await page.fill("input[name=year]", "1985");
  await page.click("button[type=submit]");
  await page.waitForSelector("h1:text('Personal address')");
  await page.fill("input[name=postcode]", "EC2M 7EA");
  await choose(page, "addressMatch", "20 Finsbury Circus, London EC2M 7EA");
  await page.click("button[type=submit]");
}

/** Registration steps 0-4 (signup.test.mjs checks each rule): ends signed in, address given. */
export async function register(page, bank, email, flow) {
  await page.goto(`${bank.url}/onboarding/user`);
  await hydrated(page);
  await page.click(flow === "business" ? "text=Business account" : "text=Personal account");
  await page.fill("input[name=email]", email);
  await page.click("button[type=submit]");
  await page.waitForSelector("h1:text('Email Verification')");
  await typeCode(page, await latestCode(bank, email));
  await page.waitForSelector("h1:text('Password')");
  await page.fill("input[name=password]", "harbour2026");
  await page.fill("input[name=confirm]", "harbour2026");
  await page.click("button[type=submit]");
  await page.waitForSelector("h1:text('Personal details')");
  await hydrated(page);
  await fillPersonalDetails(page, "Ada", "Lovelace");
}

/** Polls are 15 s apart; a tester reloads instead of waiting. */
export async function reopen(page, bank, path, expected) {
  for (let i = 0; i < 50; i++) {
    // The page's own poll may move it on while this load is on its way; that interruption is
    // the outcome being waited for, and the URL below says where it went.
    await page.goto(`${bank.url}${path}`).catch((error) => {
      if (!/interrupted by another navigation/.test(error.message)) throw error;
    });
    await page.waitForLoadState();
    if (new URL(page.url()).pathname === expected) return;
    await page.waitForTimeout(200);
  }
  assert.fail(`${path} never led to ${expected} (at ${page.url()})`);
}

/** A personal customer from sign-up to the dashboard: details, phone, identity, and the fee paid
 * by bank transfer (credited with `bank money-in`). */
export async function openPersonalAccount(page, bank, email, phone) {
  await register(page, bank, email, "personal");
  await verifyPhone(page, bank, phone);
  await verifyIdentity(page, bank);
  await reopen(page, bank, "/controller", "/account-activation");
  await hydrated(page);
  await page.click("text=Pay by bank transfer");
  await page.waitForSelector("h1:text('Account Activation Pending')");
  const text = await page.textContent("main");
  const reference = text.match(/ACT-[A-Z0-9]{8}/)[0];
  const iban = text.match(/GB\d{2}HRBR\d{14}/)[0];
  bank.cli(["money-in", iban, "19.00", "Ada Lovelace", reference]);
  await reopen(page, bank, "/controller", "/dashboard");
  await hydrated(page);
}

/** Pays the activation fee on the sandbox acquirer's hosted page with the test card that passes 3-D Secure. */
export async function payFeeByCard(page, bank, holder) {
  await page.click("text=Pay by card");
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.fill("input[name=name]", holder);
  await page.fill("input[name=number]", "4242 4242 4242 4242");
  await page.fill("input[name=expiry]", "12/30");
  await page.fill("input[name=cvc]", "123");
  await page.click("button[type=submit]");
  await page.waitForSelector("h1:text('Confirm the payment')");
  await page.click("text=Complete authentication");
  await page.waitForURL(`${bank.url}/dashboard`, { timeout: 15000 });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe's findings on the page as it stands (or on the part `within` selects), one line each. */
export async function axeViolations(page, within) {
  await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async (scope) => {
    const result = await window.axe.run(scope ? { include: [scope] } : document, {
      runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  }, within);
  // A label whose control is gone: what a useId drift between server and client leaves behind
  // once a control re-renders after hydration.
  const orphans = await page.evaluate(() =>
    [...document.querySelectorAll("label[for]")]
      .filter((label) => !document.getElementById(label.htmlFor))
      .map((label) => `label-for-nothing: ${label.textContent}`),
  );
  return [...found, ...orphans];
}

/** Fails with axe's findings on the page as it stands, named by `where`. */
export async function expectAccessible(page, where) {
  assert.deepEqual(
    (await axeViolations(page)).map((found) => `${where}: ${found}`),
    [],
  );
}

/** Opens another profile from the open profile switcher: its data loads behind the app loader
 * (SPEC §9: at least 1 s), then the page is drawn again for it. Answers how long the loader
 * was seen, in ms. */
export async function switchProfile(page, name) {
  const reloaded = page.waitForEvent("load", { timeout: 15000 });
  await page.click(`[aria-label='Profiles'] >> text=${name}`);
  await page.waitForSelector(`.app-loader[role=status]:has-text('Opening ${name}…')`);
  const shownAt = Date.now();
  await reloaded;
  await hydrated(page);
  return Date.now() - shownAt;
}
