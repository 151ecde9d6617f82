import { Icon } from "../../../ui/Icon";
import { logOut } from "../logOut";

/** Log out; on the phone's compact header an icon with its name for screen readers. */
export function LogOutButton({ compact = false }: { compact?: boolean }) {
  return compact ? (
    <button type="button" className="icon-button" aria-label="Log out" onClick={() => void logOut()}>
      <Icon name="logout" size={22} />
    </button>
  ) : (
    <button type="button" className="button button-quiet" onClick={() => void logOut()}>
      <Icon name="logout" />
      Log out
    </button>
  );
}
