// The comparison server for bench/ssr.sh: node:http with as many cluster workers as the bank
// has isolates, calling the same server bundle's `__ssrEntry`. Its API calls go over HTTP to
// the bank, the way a separate Node renderer would reach the bank's API: a signed-in visitor's
// session is read from the bank (GET /v2/session) and their cookie goes with every call.
// Usage: node node-server.mjs <bundle.js> <port> <workers> <bank-url>
import { AsyncLocalStorage } from "node:async_hooks";
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import http from "node:http";

const [bundlePath, port, workers, bankUrl] = process.argv.slice(2);

if (cluster.isPrimary) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
} else {
  // The visitor's cookie, for the calls of the render in progress.
  const visitor = new AsyncLocalStorage();
  const headersFor = (cookie, body) => ({
    Accept: "application/json",
    ...(body ? { "Content-Type": "application/json" } : {}),
    ...(cookie ? { Cookie: cookie, Origin: bankUrl } : {}),
  });
  globalThis.__ssrTransport = async ({ method, path, body }) => {
    const cookie = visitor.getStore();
    const response = await fetch(`${bankUrl}${path}`, { method, body, headers: headersFor(cookie, body) });
    return { status: response.status, body: await response.text() };
  };
  (0, eval)(readFileSync(bundlePath, "utf8"));
  const site = {
    baseUrl: `http://127.0.0.1:${port}`,
    legalName: "Harbour Payments Ltd",
    tradingName: "Harbour",
    address: "20 Finsbury Circus, London EC2M 7EA, United Kingdom",
    companyNumber: "14928371",
    supportPhone: "+44 20 3885 0190",
    supportEmail: "support@harbour.example",
    regulatorReference: "902117",
  };
  const timings = { idleWarningSeconds: 240, idleCountdownSeconds: 60 };
  const anonymous = {
    isAuth: false,
    onboardingFlow: null,
    accessRole: "none",
    accessRights: [],
    kycStatus: null,
    appInAccess: false,
    appReady: true,
    displayAppLoader: false,
    profilesList: [],
    profileType: null,
    accountReady: false,
    isBusiness: false,
    primaryCurrency: null,
  };
  http
    .createServer(async (request, response) => {
      const cookie = request.headers.cookie;
      const session = cookie
        ? await (await fetch(`${bankUrl}/v2/session`, { headers: headersFor(cookie) })).json()
        : anonymous;
      const input = JSON.stringify({ url: request.url, layout: "desktop", session, site, timings });
      // A line of JSON, then the HTML (app/src/entry-server.tsx).
      const rendered = await visitor.run(cookie, () => globalThis.__ssrEntry(input));
      const end = rendered.indexOf("\n");
      const out = { ...JSON.parse(rendered.slice(0, end)), html: rendered.slice(end + 1) };
      if (out.redirect) {
        response.writeHead(302, { Location: out.redirect }).end();
        return;
      }
      const state = out.state ? JSON.stringify(out.state).replace(/</g, "\\u003c") : "";
      response.writeHead(out.status, { "Content-Type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="en-GB"><head><title>${out.head.title}</title></head><body><div id="root">${out.html}</div>${state ? `<script type="application/json">${state}</script>` : ""}</body></html>`,
      );
    })
    .listen(Number(port), "127.0.0.1");
}
