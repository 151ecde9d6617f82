import { Link } from "react-router";
import { useApp } from "../../../lib/appContext";
import { roleLabel } from "../../../lib/roles";

export function DashboardPage() {
  const { layout, session } = useApp();
  const profile = session.profilesList.find((p) => p.id === session.selectedProfileId);
  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <h1 id="dashboard-title">Hello, {session.user?.name}</h1>
      {profile ? (
        <div className="card profile-card">
          <h2>{profile.name}</h2>
          <p>{profile.type === "business" ? "Business Account" : "Personal Account"}</p>
          <p>Your role: {roleLabel(profile.myAccess.role)}</p>
        </div>
      ) : (
        <p>You do not have access to a profile yet.</p>
      )}
      <p>
        <Link to={layout === "mobile" ? "/account" : "/client/details"}>Your details and passkeys</Link>
      </p>
    </section>
  );
}
