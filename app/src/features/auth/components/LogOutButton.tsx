import type { ReactNode } from "react";
import { logOut } from "../logOut";

/** Log out. With an `icon` (the signed-in shell's), `compact` shows the icon alone, named for
 * screen readers; the frames of sign-up and onboarding use the plain words and carry no icons. */
export function LogOutButton({ icon, compact = false }: { icon?: ReactNode; compact?: boolean }) {
  return compact ? (
    <button type="button" className="icon-button" aria-label="Log out" onClick={() => void logOut()}>
      {icon}
    </button>
  ) : (
    <button type="button" className="button button-quiet" onClick={() => void logOut()}>
      {icon}
      Log out
    </button>
  );
}
