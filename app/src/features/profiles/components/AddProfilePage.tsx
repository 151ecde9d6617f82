import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { profilesApi, profilesQuery } from "../api";

/**
 * SPEC §2 company/add: a second company runs the business wizard, the bank's review and the fee
 * again; a personal account beside the business is opened by its own activation fee.
 */
export function AddProfilePage() {
  const { session } = useApp();
  const profiles =
    useQuery({ ...profilesQuery(), initialData: { results: session.profilesList } }).data?.results ?? [];
  const hasPersonal = profiles.some((p) => p.type === "personal" && p.myAccess.role === "admin");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const addCompany = async () => {
    setBusy(true);
    setError(null);
    try {
      await profilesApi.create("business");
      // The wizard is in the onboarding route set: a full load lets the server choose it.
      window.location.assign("/onboarding/business");
    } catch (caught) {
      setError(failureText(caught));
      setBusy(false);
    }
  };
  const addPersonal = async () => {
    setBusy(true);
    setError(null);
    try {
      await profilesApi.create("personal");
      // The paywall is in the onboarding route set: a full load lets the server choose it.
      window.location.assign("/account-activation");
    } catch (caught) {
      setError(failureText(caught));
      setBusy(false);
    }
  };

  return (
    <section className="panel panel-wide" aria-labelledby="add-title">
      <h1 id="add-title">Add an account</h1>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="card">
        <h2>Another company</h2>
        <p>
          Tell us about the company, and we review it as we did yours. Your identity is verified already, so
          it is quicker.
        </p>
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void addCompany()}
        >
          Add a company
        </button>
      </div>
      {hasPersonal ? null : (
        <div className="card">
          <h2>A personal account</h2>
          <p>
            Your own account beside your business. Your identity is verified already: pay the personal
            activation fee and it opens.
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void addPersonal()}>
            Open a personal account
          </button>
        </div>
      )}
    </section>
  );
}
