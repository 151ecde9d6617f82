import type { ReactNode } from "react";
import { Link } from "../routing/Link";
import { useApp } from "../lib/appContext";
import { Logo } from "../ui/Logo";
import { PolicyLinks } from "../ui/PolicyLinks";

function LegalLine() {
  const { site } = useApp();
  return (
    <p className="legal-line">
      {site.legalName} is an electronic money institution authorised by the Financial Conduct Authority (FRN{" "}
      {site.regulatorReference}). Registered in England and Wales, company number {site.companyNumber}.{" "}
      {site.address}.
    </p>
  );
}

/** Desktop: a wide header with both actions, the page, a full footer. */
function DesktopFrame({ children }: { children: ReactNode }) {
  return (
    <div className="frame frame-desktop">
      <header className="topbar">
        <Logo />
        <nav aria-label="Account" className="topbar-actions">
          <Link to="/login" className="button button-quiet">
            Log In
          </Link>
          <Link to="/onboarding/user" className="button button-primary">
            Sign Up
          </Link>
        </nav>
      </header>
      <main id="main" className="page">
        {children}
      </main>
      <footer className="footer">
        <PolicyLinks />
        <LegalLine />
      </footer>
    </div>
  );
}

/** Mobile: a slim bar with the logo only; the page fills the screen; links sit at the bottom. */
function MobileFrame({ children }: { children: ReactNode }) {
  return (
    <div className="frame frame-mobile">
      <header className="topbar topbar-mobile">
        <Logo />
      </header>
      <main id="main" className="page page-mobile">
        {children}
      </main>
      <footer className="footer footer-mobile">
        <details>
          <summary>Legal and policies</summary>
          <PolicyLinks />
        </details>
        <LegalLine />
      </footer>
    </div>
  );
}

export function AuthFrame({ children }: { children: ReactNode }) {
  const { layout } = useApp();
  return layout === "mobile" ? (
    <MobileFrame>{children}</MobileFrame>
  ) : (
    <DesktopFrame>{children}</DesktopFrame>
  );
}
