import { useHydrated } from "../ui/fields";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../routing/Link";
import { useApp } from "../lib/appContext";
import { isCurrentPage, useLinkClicks } from "../routing/linkClicks";
import { useAccessFacts } from "../lib/useAccessFacts";
import { Icon } from "../ui/Icon";
import { Logo } from "../ui/Logo";
import { GROUPS, menuFor, type ShownItem, shortName } from "./menu";

// The signed-in navigation: SPEC §2's menu from one table (`menu.ts`) by SPEC §6's rules. On the
// desktop it is the left column; on the phone it is the side menu, a drawer over the page with
// the logo and the profile block that opens the account page.
// The items are plain links under one click handler (`linkClicks.ts`): twenty <NavLink>s, each
// resolving its path and matching the location, were a tenth of a signed-in page's render.
function NavItems({ items, onChoose }: { items: ShownItem[]; onChoose?: () => void }) {
  const { pathname } = useLocation();
  const follow = useLinkClicks();
  const link = (item: ShownItem) => {
    // A section of a page is never shown as the current page next to the page's own entry.
    const current = !item.to.includes("#") && isCurrentPage(item.to, pathname);
    return (
      <li key={item.to}>
        {!item.enabled ? (
          <span aria-disabled="true" className="nav-item nav-item-disabled">
            <Icon name={item.icon} />
            {item.label}
          </span>
        ) : (
          <a
            href={item.to}
            className={current ? "nav-item active" : "nav-item"}
            aria-current={current ? "page" : undefined}
            onClick={onChoose}
          >
            <Icon name={item.icon} />
            {item.label}
          </a>
        )}
      </li>
    );
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on an item's link is a click that bubbles here
    <ul className="nav-list" onClick={follow}>
      {items.filter((item) => !item.group).map(link)}
      {GROUPS.map((group) => {
        const grouped = items.filter((item) => item.group === group);
        const id = `nav-group-${group.toLowerCase()}`;
        return grouped.length ? (
          <li key={group} className="nav-group">
            <span className="nav-group-title" id={id}>
              {group}
            </span>
            <ul aria-labelledby={id}>{grouped.map(link)}</ul>
          </li>
        ) : null;
      })}
    </ul>
  );
}

export function SideNav() {
  const items = menuFor(useAccessFacts(), "desktop");
  return (
    <nav className="side-nav" aria-label="Main">
      <div className="side-nav-logo">
        <Logo />
      </div>
      <NavItems items={items} />
    </nav>
  );
}

/** The phone's side menu. A `<details>` opens and closes before (and without) JavaScript, its
 * open summary covering the page as the scrim; once hydrated it also closes when an item is
 * chosen, on Escape and on any navigation, keeps focus inside while open and gives it back. */
export function MenuDrawer() {
  const { session } = useApp();
  const items = menuFor(useAccessFacts(), "mobile");
  const [open, setOpen] = useState(false);
  // The close button works only with JavaScript; before it, the scrim closes the menu.
  const hydrated = useHydrated();
  const drawer = useRef<HTMLDetailsElement>(null);
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger
  useEffect(() => setOpen(false), [pathname, hash]);
  useEffect(() => {
    const details = drawer.current;
    const main = document.getElementById("main");
    if (!details) return;
    if (!open) {
      if (main) main.inert = false;
      return;
    }
    if (main) main.inert = true;
    details.querySelector<HTMLElement>(".drawer-panel a, .drawer-panel button")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        details.querySelector<HTMLElement>("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (main) main.inert = false;
    };
  }, [open]);
  const close = () => setOpen(false);
  const profile = session.profilesList.find((p) => p.id === session.selectedProfileId);
  return (
    <details
      className="drawer"
      ref={drawer}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="icon-button drawer-toggle" aria-label="Menu">
        <Icon name={open ? "close" : "menu"} size={24} />
      </summary>
      <nav className="drawer-panel" aria-label="Main">
        <div className="drawer-head">
          <Logo />
          {hydrated ? (
            <button type="button" className="icon-button" aria-label="Close menu" onClick={close}>
              <Icon name="close" size={22} />
            </button>
          ) : null}
        </div>
        {profile ? (
          <Link to="/account" className="side-menu-profile" onClick={close}>
            <span className="side-menu-initials" aria-hidden="true">
              {shortName(profile.name)}
            </span>
            <span className="side-menu-name">{profile.name}</span>
            <span className="side-menu-type">
              {profile.type === "business" ? "Business" : "Personal"} Account
            </span>
          </Link>
        ) : null}
        <NavItems items={items} onChoose={close} />
      </nav>
    </details>
  );
}
