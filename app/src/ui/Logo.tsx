import { Link } from "../routing/Link";
import { useApp } from "../lib/appContext";

export function Logo() {
  const { site } = useApp();
  return (
    <Link to="/" className="logo" aria-label={`${site.tradingName} home`}>
      <LogoMark size={28} />
      <span className="logo-word">{site.tradingName}</span>
    </Link>
  );
}

/** The bank's mark alone, a picture beside its name. */
export function LogoMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="logo-mark" />
      <path d="M9 23V9h3v5.5h8V9h3v14h-3v-5.6h-8V23z" className="logo-letter" />
    </svg>
  );
}
