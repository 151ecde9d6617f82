// Many links in one list (a page of 50 transactions) as plain anchors with one click handler on
// the list, instead of a React Router <Link> each: a <Link> resolves its path and builds its own
// handler on every render, which was an eighth of the dashboard's server render (a CPU profile
// of the server bundle, 2026-11-29) and as much again in the browser's hydration.
import type { MouseEvent } from "react";
import { type NavigateOptions, useNavigate } from "react-router";

/** Whether a click on `anchor` is the router's to follow, as React Router's <Link> decides it:
 * a plain primary click on a link of this origin, for this window, that is not a download. */
export function isRouterClick(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (!anchor.target || anchor.target === "_self") &&
    !anchor.hasAttribute("download") &&
    anchor.origin === window.location.origin
  );
}

/** Whether `to` names the page at `pathname`, as a React Router <NavLink end> decides it: the
 * same path, letters in either case; a query or fragment in `to` is not compared. */
export function isCurrentPage(to: string, pathname: string): boolean {
  return to.split(/[?#]/)[0]?.toLowerCase() === pathname.toLowerCase();
}

/** An `onClick` for an element holding plain `<a href>` links: a click on one of them navigates
 * through the router (no page load), a modified click or another window's link is the browser's. */
export function useLinkClicks(options?: NavigateOptions) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>, more?: NavigateOptions) => {
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    if (!isRouterClick(event, anchor)) return;
    event.preventDefault();
    const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
    // As <Link> does: the page that is open already replaces its history entry, never adds one.
    const here = window.location;
    const replace = `${here.pathname}${here.search}${here.hash}` === to;
    void navigate(to, { replace, ...options, ...more });
  };
}
