import type { ReactNode } from "react";
import { IdleLogout } from "../features/auth/components/IdleLogout";
import { LogOutButton } from "../features/auth/components/LogOutButton";
import { ProfileSwitcher } from "../features/profiles/components/ProfileSwitcher";
import { useApp } from "../lib/appContext";
import { Logo } from "../ui/Logo";
import { AppNav } from "./AppNav";

export function DashboardFrame({ children }: { children: ReactNode }) {
  const { layout, session } = useApp();
  return (
    <div className={`frame frame-${layout}`}>
      <header className={layout === "mobile" ? "topbar topbar-app-mobile" : "topbar"}>
        <Logo />
        <nav aria-label="Account" className="topbar-actions">
          <ProfileSwitcher />
          {layout === "desktop" && session.user ? (
            <span className="topbar-user">
              {session.user.name} {session.user.surname}
            </span>
          ) : null}
          <LogOutButton />
        </nav>
      </header>
      <AppNav />
      <main id="main" className={layout === "mobile" ? "page page-mobile" : "page"}>
        {children}
      </main>
      <IdleLogout />
    </div>
  );
}
