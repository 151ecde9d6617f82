import { NavLink } from "react-router";
import { useApp } from "../lib/appContext";
import { paysTransactions, readsTransactions } from "../lib/rights";

// The signed-in navigation. Only screens that exist are listed; SPEC §2's menu grows with them.
// Manager items (statement, proof letter) need a complete account (SPEC §6).
export function AppNav() {
  const { layout, session } = useApp();
  const complete = session.accountReady;
  const items: [string, string, boolean][] = [
    ["/dashboard", "Home", true],
    // SPEC §6: recipients need transaction access.
    ...(readsTransactions(session)
      ? ([["/recipients", "Recipients", true]] as [string, string, boolean][])
      : []),
    // The transfer flow, opened on the primary currency's scheme (SPEC §2 transfer/{scheme}).
    ...(paysTransactions(session)
      ? ([
          [
            `/transfer/${session.primaryCurrency === "GBP" ? "1" : session.primaryCurrency === "EUR" ? "0" : "2"}`,
            "Send money",
            complete,
          ],
        ] as [string, string, boolean][])
      : []),
    ...(layout === "desktop"
      ? ([["/bank-accounts/details", "Account details", true]] as [string, string, boolean][])
      : []),
    ["/statement", "Generate Statement", complete],
    ["/proof-letter", "Proof Of Banking Account", complete],
    [layout === "mobile" ? "/account" : "/client/details", "Your details", true],
  ];
  const links = (
    <ul className="app-nav-list">
      {items.map(([to, label, enabled]) => (
        <li key={to}>
          {enabled ? (
            <NavLink to={to} end>
              {label}
            </NavLink>
          ) : (
            <span aria-disabled="true" className="app-nav-disabled">
              {label}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
  if (layout === "mobile") {
    // A disclosure works before (and without) JavaScript.
    return (
      <details className="app-nav app-nav-mobile">
        <summary>Menu</summary>
        {links}
      </details>
    );
  }
  return (
    <nav className="app-nav" aria-label="Main">
      {links}
    </nav>
  );
}
