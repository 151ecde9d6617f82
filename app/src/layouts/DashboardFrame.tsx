import type { ReactNode } from "react";
import { IdleLogout } from "../features/auth/components/IdleLogout";
import { LogOutButton } from "../features/auth/components/LogOutButton";
import { ActiveInvitation } from "../features/profiles/components/ActiveInvitation";
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
        {session.kycStatus === "account_restricted" ? (
          <section className="notice notice-info restricted" role="status" aria-labelledby="restricted-title">
            <h2 id="restricted-title">Your Account Is Temporarily Restricted</h2>
            <p>For your security, some of what your account can do is paused for now.</p>
            <p>
              This is part of our routine processes, and we will contact you if we need anything from you.
            </p>
          </section>
        ) : null}
        {children}
      </main>
      <ActiveInvitation />
      <IdleLogout />
    </div>
  );
}
