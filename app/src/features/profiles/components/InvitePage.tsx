import { useNavigate } from "react-router";
import { useApp } from "../../../lib/appContext";
import { Redirect } from "../../../routing/Redirect";
import { InviteForm } from "./InviteForm";

/** SPEC §2 mobile account/users/invite. */
export function InvitePage() {
  const { session } = useApp();
  const navigate = useNavigate();
  if (session.accessRole !== "admin") return <Redirect to="/account" />;
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h1 id="invite-title">Team</h1>
      <InviteForm level={2} onDone={() => navigate("/account")} />
    </section>
  );
}
