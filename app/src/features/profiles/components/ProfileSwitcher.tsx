import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "../../../routing/Link";
import { useApp } from "../../../lib/appContext";
import { profilesQuery } from "../api";
import { opensBecauseItGrew } from "../dropdownOpening";
import { api } from "../../../api/client";
import * as S from "../../../api/schemas.gen";
import { AppLoader, atLeast, LOADER_MIN_MS } from "../../../ui/AppLoader";

// SPEC §9: the selected profile is remembered for 7 days.
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** Selects the profile and loads the person's data for it behind the app loader (SPEC §2, §9:
 * at least 1 s), then has the server render the page again for it: the profile decides
 * rights, accounts and menus. */
async function choose(profileId: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on the next page load
  document.cookie = `profile=${encodeURIComponent(profileId)}; Max-Age=${SEVEN_DAYS_S}; Path=/; SameSite=Lax${secure}`;
  // The session as the new profile sees it: its rights and KYC status are ready when this answers.
  await atLeast(LOADER_MIN_MS, api.get("/v2/session", S.SessionState)).catch(() => undefined);
  window.location.reload();
}

/** The profile dropdown: the profiles the person acts for, and adding one (company/add). */
export function ProfileSwitcher() {
  const { session } = useApp();
  const id = useId();
  const profiles =
    useQuery({ ...profilesQuery(), initialData: { results: session.profilesList } }).data?.results ??
    session.profilesList;
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const firstCount = useRef<number | null>(null);
  firstCount.current ??= profiles.length;
  const count = profiles.length;
  useEffect(() => {
    if (opensBecauseItGrew(firstCount.current, count)) {
      setOpen(true);
      firstCount.current = count;
    }
  }, [count]);
  if (profiles.length === 0) return null;
  const selected = profiles.find((p) => p.id === session.selectedProfileId) ?? profiles[0];
  const openProfile = (profile: { id: string; name: string }) => {
    setOpen(false);
    setOpening(profile.name);
    void choose(profile.id);
  };
  return (
    <div className="profile-switcher">
      {opening ? <AppLoader label={`Opening ${opening}…`} /> : null}
      <button
        type="button"
        className="button button-quiet profile-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span className="profile-button-name">{selected?.name}</span>
      </button>
      {open ? (
        <ul id={id} className="profile-menu" aria-label="Profiles">
          {profiles.map((profile) => (
            <li key={profile.id}>
              <button
                type="button"
                className="profile-option"
                aria-current={profile.id === selected?.id ? "true" : undefined}
                onClick={() => (profile.id === selected?.id ? setOpen(false) : openProfile(profile))}
              >
                {profile.name}
                <span className="muted">
                  {" "}
                  {profile.type === "business" ? "Business Account" : "Personal Account"}
                </span>
              </button>
            </li>
          ))}
          <li>
            <Link to="/company/add" className="profile-option" onClick={() => setOpen(false)}>
              Add a company or personal account
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
