import { useApp } from "../../lib/appContext";

/** Paths under /acs are where a card issuer's 3-D Secure check returns; SPEC §2 gives them their own page. */
export function AcsPage() {
  const { site } = useApp();
  return (
    <main id="main" className="page page-plain">
      <section className="panel" aria-labelledby="acs-title">
        <h1 id="acs-title">Card verification finished</h1>
        <p>
          Your card issuer has finished checking this payment. You can close this window and return to{" "}
          {site.tradingName}.
        </p>
      </section>
    </main>
  );
}
