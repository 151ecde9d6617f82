import { useParams } from "react-router";
import { Link } from "../../../routing/Link";
import { Redirect } from "../../../routing/Redirect";
import { PERKS } from "../model";
import { CardReferral } from "./CardReferral";

/** SPEC §2 mobile cards/benefits: the card's perks, each opening its own page. */
export function PerksPage() {
  return (
    <section className="panel" aria-labelledby="perks-title">
      <h1 id="perks-title">Card perks</h1>
      <ul className="perk-list">
        {PERKS.map((perk) => (
          <li key={perk.path}>
            <Link to={`/cards/benefits/${perk.path}`}>
              <strong>{perk.title}</strong>
              <span>{perk.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
      <CardReferral />
      <Link to="/cards" className="button button-quiet">
        Back to cards
      </Link>
    </section>
  );
}

/** SPEC §2 mobile cards/benefits/{path}: one perk; an unknown one goes back to the list. */
export function PerkPage() {
  const { path = "" } = useParams();
  const perk = PERKS.find((item) => item.path === path);
  if (!perk) return <Redirect to="/cards/benefits" />;
  return (
    <section className="panel" aria-labelledby="perk-title">
      <h1 id="perk-title">{perk.title}</h1>
      <p>{perk.summary}</p>
      <ul>
        {perk.details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Link to="/cards/benefits" className="button button-quiet">
        All perks
      </Link>
    </section>
  );
}
