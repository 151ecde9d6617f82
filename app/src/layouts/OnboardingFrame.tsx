import type { ReactNode } from "react";
import { LogOutButton } from "../features/auth/components/LogOutButton";
import { useApp } from "../lib/appContext";
import { Logo } from "../ui/Logo";

/** The director set's frame: the person is signed in but has no account to show yet. */
export function OnboardingFrame({ children }: { children: ReactNode }) {
  const { layout, session } = useApp();
  return (
    <div className={`frame frame-${layout}`}>
      <header className={layout === "mobile" ? "topbar topbar-app-mobile" : "topbar"}>
        <Logo />
        <nav aria-label="Account" className="topbar-actions">
          {layout === "desktop" && session.user?.name ? (
            <span className="topbar-user">
              {session.user.name} {session.user.surname}
            </span>
          ) : null}
          <LogOutButton />
        </nav>
      </header>
      <main id="main" className={layout === "mobile" ? "page page-mobile" : "page"}>
        {children}
      </main>
    </div>
  );
}
