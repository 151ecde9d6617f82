import { logOut } from "../logOut";

export function LogOutButton() {
  return (
    <button type="button" className="button button-quiet" onClick={() => void logOut()}>
      Log out
    </button>
  );
}
