// The comparison server for bench/ssr.sh: node:http with as many cluster workers as the bank
// has isolates, calling the same server bundle's `__ssrEntry`. Its API calls go over HTTP to
// the bank, the way a separate Node renderer would reach the bank's API.
// Usage: node node-server.mjs <bundle.js> <port> <workers> <bank-url>
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import http from "node:http";

const [bundlePath, port, workers, bankUrl] = process.argv.slice(2);

if (cluster.isPrimary) {
  for (let i = 0; i < Number(workers); i++) cluster.fork();
} else {
  globalThis.__ssrTransport = async ({ method, path, body }) => {
    const response = await fetch(`${bankUrl}${path}`, { method, body, headers: { Accept: "application/json" } });
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
  const session = {
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
      const out = JSON.parse(
        await globalThis.__ssrEntry(JSON.stringify({ url: request.url, layout: "desktop", session, site, timings })),
      );
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
