import { policies } from "../lib/policies";

/** Policy pages carry no script, so they are reached by full page loads, never client routing. */
export function PolicyLinks() {
  return (
    <ul className="policy-links">
      {policies.map((policy) => (
        <li key={policy.path}>
          <a href={policy.path}>{policy.shortTitle}</a>
        </li>
      ))}
    </ul>
  );
}
