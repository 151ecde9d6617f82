import { Link, NavLink } from "react-router";
import { useApp } from "../lib/appContext";
import { useAccessFacts } from "../lib/useAccessFacts";
import { Logo } from "../ui/Logo";
import { menuFor, type ShownItem, shortName } from "./menu";

// The signed-in navigation: SPEC §2's menu from one table (`menu.ts`) by SPEC §6's rules. On
// mobile it is the side menu, with the logo and the profile block that opens the account page.
export function AppNav() {
  const { layout, session } = useApp();
  const items = menuFor(useAccessFacts(), layout);
  const link = (item: ShownItem) => (
    <li key={item.to}>
      {item.enabled ? (
        <NavLink to={item.to} end>
          {item.label}
        </NavLink>
      ) : (
        <span aria-disabled="true" className="app-nav-disabled">
          {item.label}
        </span>
      )}
    </li>
  );
  if (layout === "desktop") {
    return (
      <nav className="app-nav" aria-label="Main">
        <ul className="app-nav-list">{items.map(link)}</ul>
      </nav>
    );
  }
  const profile = session.profilesList.find((p) => p.id === session.selectedProfileId);
  const manager = items.filter((item) => item.group === "Manager");
  // A disclosure works before (and without) JavaScript.
  return (
    <details className="app-nav app-nav-mobile">
      <summary>Menu</summary>
      <div className="side-menu">
        <Logo />
        {profile ? (
          <Link to="/account" className="side-menu-profile">
            <span className="side-menu-initials" aria-hidden="true">
              {shortName(profile.name)}
            </span>
            <span className="side-menu-name">{profile.name}</span>
            <span className="side-menu-type">
              {profile.type === "business" ? "Business" : "Personal"} Account
            </span>
          </Link>
        ) : null}
        <ul className="app-nav-list">
          {items.filter((item) => !item.group).map(link)}
          {manager.length ? (
            <li className="app-nav-group">
              <span className="app-nav-group-title">Manager</span>
              <ul>{manager.map(link)}</ul>
            </li>
          ) : null}
        </ul>
      </div>
    </details>
  );
}
