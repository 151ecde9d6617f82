// The app's link: a plain <a href> that the router follows on a plain click, as React Router's
// <Link> does, without resolving its path and building its own handler on every render. Those
// were a fifth of the log-in page's server render (a CPU profile of the server bundle,
// 2026-12-07) and as much again in the browser's hydration. Every `to` is a path of this app, or a
// query or fragment of the page that is open.
import { type AnchorHTMLAttributes, createContext, type MouseEvent, type ReactNode, useContext } from "react";
import { type NavigateOptions, useLocation } from "react-router";
import { useLinkClicks } from "./linkClicks";

type Follow = (event: MouseEvent<HTMLElement>, more?: NavigateOptions) => void;

// Outside a routed page (the static pages, which carry no script) a link is the browser's.
const FollowContext = createContext<Follow | null>(null);

/** One click handler for every <Link> of the page under it. */
export function LinkClicks({ children }: { children: ReactNode }) {
  return <FollowContext.Provider value={useLinkClicks()}>{children}</FollowContext.Provider>;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  /** Keep the window where it is scrolled (a list's own filter or detail). */
  preventScrollReset?: boolean;
}

export function Link({ to, onClick, preventScrollReset, ...anchor }: LinkProps) {
  const follow = useContext(FollowContext);
  const { pathname } = useLocation();
  // As <Link> writes it: a query or fragment alone is of the page that is open.
  const href = to.startsWith("?") || to.startsWith("#") ? `${pathname}${to}` : to;
  return (
    <a
      {...anchor}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        follow?.(event, preventScrollReset ? { preventScrollReset } : undefined);
      }}
    />
  );
}
