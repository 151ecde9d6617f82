/** The shared error's words and way out, inside a page's own frame (a route that failed in the
 * browser keeps its navigation). */
export function ErrorContent({ supportPhone }: { supportPhone: string }) {
  return (
    <section className="panel" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p>We could not show this page. Your money and data are safe. Please try again in a moment.</p>
      <p>If it keeps happening, call us on {supportPhone}.</p>
      <p className="panel-links">
        <a href="/">Go to the start page</a>
      </p>
    </section>
  );
}

/** The shared error page (SPEC §2 "Route errors show a shared error page"). No script is needed. */
export function ErrorPage({ supportPhone }: { supportPhone: string }) {
  return (
    <main id="main" className="page page-plain">
      <ErrorContent supportPhone={supportPhone} />
    </main>
  );
}
