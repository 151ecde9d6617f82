// Starts the real release binary on a fresh database and a free port, and Chromium beside it.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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

export async function hydrated(page) {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 10000 });
  // Let React finish its first commit and report any mismatch.
  await page.waitForTimeout(200);
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
