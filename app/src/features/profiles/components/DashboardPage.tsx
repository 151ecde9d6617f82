import { useApp } from "../../../lib/appContext";
import { roleLabel } from "../../../lib/roles";

/** The dashboard's greeting: who is signed in, for which profile and in which role. */
export function DashboardPage() {
  const { layout, session } = useApp();
  const profile = session.profilesList.find((p) => p.id === session.selectedProfileId);
  return (
    <section aria-labelledby="dashboard-title" className="dash-head">
      <h1 id="dashboard-title">Hello, {session.user?.name}</h1>
      {profile ? (
        <p className="dash-sub">
          {/* The phone's header names the profile already. */}
          {layout === "desktop" ? `${profile.name} · ` : null}
          {profile.type === "business" ? "Business Account" : "Personal Account"} ·{" "}
          {roleLabel(profile.myAccess.role)}
        </p>
      ) : (
        <p>You do not have access to a profile yet.</p>
      )}
    </section>
  );
}
