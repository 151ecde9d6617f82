// For bench/lighthouse.sh: signs a new customer up in Chromium (the e2e helpers' steps) on the
// bank at <base-url>, stops at <step> ("phone": the phone step; "identity": the identity step),
// and prints the session's cookie header. Usage: node lighthouse-signup.mjs <base-url> <step>
import { chromium } from "../app/node_modules/playwright-core/index.mjs";
import { register, verifyPhone } from "../app/e2e/bank.mjs";

const [url, step] = process.argv.slice(2);
const bank = { url };
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
const context = await browser.newContext();
const page = await context.newPage();
const suffix = Date.now().toString().slice(-6);
await register(page, bank, `lighthouse-${suffix}@example.com`, "personal");
await page.waitForURL(`${url}/phone-verification`);
if (step === "identity") await verifyPhone(page, bank, `+447700${suffix.slice(0, 6)}`);
if (step === "identity") await page.waitForURL(`${url}/sumsub`);
const cookies = await context.cookies();
console.log(cookies.map((c) => `${c.name}=${c.value}`).join("; "));
await browser.close();
