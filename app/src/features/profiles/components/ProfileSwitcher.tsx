import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useApp } from "../../../lib/appContext";
import { profilesQuery } from "../api";
import { opensBecauseItGrew } from "../dropdownOpening";

// SPEC §9: the selected profile is remembered for 7 days.
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

function choose(profileId: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on the next page load
  document.cookie = `profile=${encodeURIComponent(profileId)}; Max-Age=${SEVEN_DAYS_S}; Path=/; SameSite=Lax${secure}`;
  // The profile decides rights, accounts and menus: the server renders the page again for it.
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
  return (
    <div className="profile-switcher">
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
                onClick={() => (profile.id === selected?.id ? setOpen(false) : choose(profile.id))}
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
