import { ScrollToTop } from "../ui/ScrollToTop";
import type { ReactNode } from "react";
import { IdleLogout } from "../features/auth/components/IdleLogout";
import { AfterHydration } from "./AfterHydration";
import { LogOutButton } from "../features/auth/components/LogOutButton";
import { ActiveInvitation } from "../features/profiles/components/ActiveInvitation";
import { ProfileSwitcher } from "../features/profiles/components/ProfileSwitcher";
import { useApp } from "../lib/appContext";
import { Icon } from "../ui/Icon";
import { Logo } from "../ui/Logo";
import { Toaster } from "../ui/Toaster";
import { MenuDrawer, SideNav } from "./AppNav";

function RestrictedNotice() {
  return (
    <section className="notice notice-info restricted" role="status" aria-labelledby="restricted-title">
      <h2 id="restricted-title">Your Account Is Temporarily Restricted</h2>
      <p>For your security, some of what your account can do is paused for now.</p>
      <p>This is part of our routine processes, and we will contact you if we need anything from you.</p>
    </section>
  );
}

// The signed-in shell (issue 28): on the desktop a left navigation beside a top bar with the
// profile switcher and the person, content in a readable column; on the phone a compact header
// that never wraps, with the side menu as a drawer.
export function DashboardFrame({ children }: { children: ReactNode }) {
  const { layout, session } = useApp();
  const restricted = session.kycStatus === "account_restricted" ? <RestrictedNotice /> : null;
  if (layout === "mobile") {
    return (
      <div className="frame frame-mobile">
        <header className="app-header">
          <MenuDrawer />
          <Logo />
          <nav aria-label="Account" className="app-header-actions">
            <ProfileSwitcher />
            <LogOutButton compact icon={<Icon name="logout" size={22} />} />
          </nav>
        </header>
        <main id="main" className="page page-mobile" tabIndex={-1}>
          {restricted}
          {children}
        </main>
        <Toaster />
        <ScrollToTop />
        <ActiveInvitation />
        <IdleLogout />
        <AfterHydration />
      </div>
    );
  }
  return (
    <div className="frame frame-desktop shell">
      <SideNav />
      <div className="shell-body">
        <header className="shell-top">
          <nav aria-label="Account" className="shell-top-actions">
            <ProfileSwitcher />
            {session.user ? (
              <span className="shell-user">
                {session.user.name} {session.user.surname}
              </span>
            ) : null}
            <LogOutButton icon={<Icon name="logout" />} />
          </nav>
        </header>
        <main id="main" className="page shell-main" tabIndex={-1}>
          {restricted}
          {children}
        </main>
      </div>
      <Toaster />
      <ScrollToTop />
      <ActiveInvitation />
      <IdleLogout />
      <AfterHydration />
    </div>
  );
}
