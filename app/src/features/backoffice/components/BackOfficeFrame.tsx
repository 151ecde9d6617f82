import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { Button } from "../../../ui/Button";
import { useApp } from "../../../lib/appContext";
import { LogoMark } from "../../../ui/Logo";
import { backOfficeApi, staffQuery } from "../api";
import { areasFor, ROLE_NAMES } from "../duties";

/** The server ends a session after 15 idle minutes; the page follows it rather than showing
 * what can no longer be used. */
const IDLE_MS = 15 * 60 * 1000;

function useIdleLogOut(signedIn: boolean) {
  // A new page is a request: the server's idle clock starts again too.
  const page = useLocation().pathname;
  useEffect(() => {
    if (!signedIn || !page) return;
    let timer = window.setTimeout(leave, IDLE_MS);
    function leave() {
      window.location.assign("/back-office/login?ended=idle");
    }
    function active() {
      window.clearTimeout(timer);
      timer = window.setTimeout(leave, IDLE_MS);
    }
    window.addEventListener("keydown", active);
    window.addEventListener("pointerdown", active);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("keydown", active);
      window.removeEventListener("pointerdown", active);
    };
  }, [signedIn, page]);
}

/** The back office's own layout: desktop only, the areas the member's role may use. */
export function BackOfficeFrame({ children }: { children: ReactNode }) {
  const { site } = useApp();
  const { data: member } = useQuery({ ...staffQuery(), enabled: false });
  const [leaving, setLeaving] = useState(false);
  useIdleLogOut(Boolean(member));
  const logOut = async () => {
    setLeaving(true);
    try {
      await backOfficeApi.logOut();
    } finally {
      window.location.assign("/back-office/login");
    }
  };
  return (
    <div className="frame frame-desktop back-office">
      <header className="topbar">
        <Link
          to="/back-office"
          className="logo back-office-brand"
          aria-label={`${site.tradingName} back office home`}
        >
          <LogoMark size={28} />
          <span className="logo-word">{site.tradingName}</span>
          <span className="back-office-tag">Back office</span>
        </Link>
        {member ? (
          <div className="topbar-actions">
            <span className="back-office-who">
              {member.email} · {ROLE_NAMES[member.role]}
            </span>
            <Button variant="quiet" size="small" onClick={logOut} loading={leaving}>
              Log out
            </Button>
          </div>
        ) : null}
      </header>
      <div className="back-office-body">
        {member ? (
          <nav aria-label="Back office" className="back-office-nav">
            <Link to="/back-office">Home</Link>
            {areasFor(member).map((area) => (
              <Link key={area.path} to={area.path}>
                {area.label}
              </Link>
            ))}
          </nav>
        ) : null}
        <main id="main" className="page back-office-page">
          {children}
        </main>
      </div>
    </div>
  );
}
