import { useQuery } from "@tanstack/react-query";
import { Link } from "../../../routing/Link";
import { Redirect } from "../../../routing/Redirect";
import { EmptyState } from "../../../ui/Notice";
import { staffQuery } from "../api";
import { areasFor, ROLE_NAMES } from "../duties";
import { HealthPanel } from "./HealthPanel";

/** Where a member of staff starts: the areas their role may use. */
export function HomePage() {
  const { data: member } = useQuery(staffQuery());
  if (member === null) return <Redirect to="/back-office/login" />;
  if (!member) return null;
  const areas = areasFor(member);
  return (
    <section className="panel panel-wide" aria-labelledby="home-title">
      <h1 id="home-title">Back office</h1>
      <p>
        Signed in as {member.email}, {ROLE_NAMES[member.role]}. Everything you open or decide here is recorded
        in the audit log.
      </p>
      {areas.length === 0 ? (
        <EmptyState title="Nothing to work on yet">
          Your role has no queues in the back office yet.
        </EmptyState>
      ) : (
        <ul className="back-office-areas">
          {areas.map((area) => (
            <li key={area.path}>
              <Link to={area.path}>{area.label}</Link>
              <p>{area.description}</p>
            </li>
          ))}
        </ul>
      )}
      <HealthPanel />
    </section>
  );
}
