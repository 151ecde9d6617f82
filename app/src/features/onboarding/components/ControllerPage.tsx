import { useEffect } from "react";
import { useApp } from "../../../lib/appContext";
import { Redirect } from "../../../routing/Redirect";
import { controllerTarget, overview } from "../controller";
import { useKycStatus } from "../useKycStatus";

/**
 * SPEC §4: the controller follows the KYC status, polled so that a decision made by the bank
 * (a review, a payment that arrived) moves the person on without a reload. Statuses that wait
 * for the bank show the status view with the steps.
 */
export function ControllerPage() {
  return <StatusView follow />;
}

/** The invited colleague's status page (SPEC §4 "otherwise invite-onboarding/status"). */
export function InviteStatusPage() {
  return <StatusView follow={false} />;
}

/** The status and the steps; with `follow`, it also sends the person on to their next step. */
function StatusView({ follow }: { follow: boolean }) {
  const { session, site } = useApp();
  const kyc = useKycStatus();
  const data = kyc.status;
  const ready = data?.account_ready === true || data?.kyc_status === "account_restricted";
  useEffect(() => {
    // The dashboard is another route set: a full load lets the server choose it.
    if (ready) window.location.assign("/dashboard");
  }, [ready]);

  // SPEC §8: a failed KYC fetch sets the error flag only if it never loaded.
  if (!data) {
    return (
      <section className="panel panel-wide" aria-labelledby="controller-title">
        <h1 id="controller-title">Your application</h1>
        {kyc.failed ? (
          <p className="notice notice-error" role="alert">
            We could not load the state of your application. We will keep trying.
          </p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </section>
    );
  }
  const target = controllerTarget(data.kyc_status, data.onboarding_flow);
  if (follow && target !== null && !ready) return <Redirect to={target} />;
  if (!follow && target !== null && target !== "/invite-onboarding/status" && !ready)
    return <Redirect to="/controller" />;

  const steps = overview(data.onboarding_flow);
  const currentIndex = Math.max(
    0,
    steps.findIndex((step) => step.current.includes(data.kyc_status)),
  );
  return (
    <section className="panel panel-wide" aria-labelledby="controller-title">
      <h1 id="controller-title">{data.kyc_label}</h1>
      <p>{data.kyc_hint}</p>
      {session.user?.name ? <p className="muted">Signed in as {session.user.name}.</p> : null}
      <ol className="overview" aria-label="Onboarding steps">
        {steps.map((step, index) => {
          const state = index < currentIndex ? "done" : index === currentIndex ? "current" : "todo";
          return (
            <li
              key={step.title}
              className={`overview-step overview-${state}`}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="overview-title">{step.title}</span>
              <span className="overview-state">
                {state === "done" ? "Done" : state === "current" ? "In progress" : ""}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="muted">
        Questions? Call us on {site.supportPhone} or write to {site.supportEmail}.
      </p>
    </section>
  );
}
