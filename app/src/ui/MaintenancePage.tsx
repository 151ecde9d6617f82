import { Logo } from "./Logo";

/** SPEC §2 maintenance screen: every page while the maintenance flag is on. It needs no script:
 * "Try again" reloads the page, which is the bank's own again once maintenance ends. */
export function MaintenancePage({ supportPhone, url }: { supportPhone: string; url: string }) {
  return (
    <main id="main" className="page page-plain">
      <section className="panel" aria-labelledby="maintenance-title">
        <Logo />
        <h1 id="maintenance-title">We are improving the Internet bank</h1>
        <p>
          The Internet bank is down for planned maintenance. Your money is safe, and payments already
          scheduled are made as planned.
        </p>
        <p>Please try again in a few minutes. If something is urgent, call us on {supportPhone}.</p>
        <p className="panel-links">
          <a className="button button-primary" href={url}>
            Try again
          </a>
        </p>
      </section>
    </main>
  );
}
