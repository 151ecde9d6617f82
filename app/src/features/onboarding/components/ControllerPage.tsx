import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { useApp } from "../../../lib/appContext";
import { UnavailableNotice } from "../../../ui/InertNotice";
import { kycStatusQuery } from "../api";

interface OverviewStep {
  title: string;
  /** The KYC statuses (SPEC §4) while this step is the one to do. */
  current: string[];
  path?: string;
}

// SPEC §2 "Onboarding overview steps", with the business-only steps skipped for a personal
// account (SPEC §4).
export function overview(flow: string | null): OverviewStep[] {
  const business = flow !== "personal";
  const steps: (OverviewStep | null)[] = [
    { title: "About You", current: ["user_data_incomplete"], path: "/onboarding/user" },
    business
      ? { title: "About Your Business", current: ["profile_incomplete"], path: "/onboarding/business" }
      : null,
    {
      title: business ? "Business Verification Fee" : "Account Verification Fee",
      current: ["registration_fee_assigned", "registration_fee_pending"],
    },
    business ? { title: "Business Verification", current: ["kyb_requested", "kyb_pending"] } : null,
    { title: "Biometric Verification", current: ["to_verify", "to_complete", "verify_phone", "no_proof"] },
    {
      title: "Account Activation",
      current: ["pending", "pending_signoff", "account_not_ready", "rejected", "completed"],
    },
  ];
  return steps.filter((step): step is OverviewStep => step !== null);
}

export function ControllerPage() {
  const { session } = useApp();
  const { data: kyc } = useSuspenseQuery(kycStatusQuery());
  const steps = overview(kyc.onboarding_flow);
  const currentIndex = Math.max(
    0,
    steps.findIndex((step) => step.current.includes(kyc.kyc_status)),
  );
  const current = steps[currentIndex];
  return (
    <section className="panel panel-wide" aria-labelledby="controller-title">
      <h1 id="controller-title">{session.user?.name ? `Welcome, ${session.user.name}` : "Welcome"}</h1>
      <p>Open your account in a few steps. {kyc.kyc_hint}</p>
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
                {state === "done" ? "Done" : state === "current" ? "Next" : ""}
              </span>
            </li>
          );
        })}
      </ol>
      {current?.path ? (
        <Link to={current.path} className="button button-primary">
          Continue
        </Link>
      ) : (
        <UnavailableNotice what={current?.title ?? "This step"} />
      )}
    </section>
  );
}
