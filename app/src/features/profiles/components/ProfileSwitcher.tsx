import { useId } from "react";
import { useApp } from "../../../lib/appContext";

// SPEC §9: the selected profile is remembered for 7 days.
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

export function ProfileSwitcher() {
  const { session } = useApp();
  const id = useId();
  if (session.profilesList.length < 2) return null;
  return (
    <div className="profile-switcher">
      <label htmlFor={id}>Profile</label>
      <select
        id={id}
        value={session.selectedProfileId ?? ""}
        onChange={(event) => {
          const secure = window.location.protocol === "https:" ? "; Secure" : "";
          // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on the next page load
          document.cookie = `profile=${encodeURIComponent(event.target.value)}; Max-Age=${SEVEN_DAYS_S}; Path=/; SameSite=Lax${secure}`;
          window.location.reload();
        }}
      >
        {session.profilesList.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
    </div>
  );
}
