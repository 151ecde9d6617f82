import { Link } from "../../../routing/Link";

export function NotFoundPage() {
  return (
    <section className="panel" aria-labelledby="missing-title">
      <h1 id="missing-title">Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <p className="panel-links">
        <Link to="/">Go to the start page</Link>
        <Link to="/login">Log in</Link>
      </p>
    </section>
  );
}
