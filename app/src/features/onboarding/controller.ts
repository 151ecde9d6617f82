// SPEC §4 "KYC status values … Routing" and "Invited-user controller": where the controller
// sends a person for their status, and the overview of the steps (server/domain/onboarding/
// journey.rs holds the same order; the server moves the status, the app only follows it).
import type { Schemas } from "../../api/client";

export type KycStatusValue = Schemas["KycStatus"];
export type Flow = Schemas["OnboardingFlow"];

/** Statuses in which the application is with the bank: the controller shows a status view. */
export const BLOCKED: readonly KycStatusValue[] = [
  "pending",
  "pending_signoff",
  "rejected",
  "account_not_ready",
];

/**
 * The page the controller opens for a status, or null to stay on the status view (no_proof and
 * the blocked statuses), or "app" when the account is in access.
 */
export function controllerTarget(status: KycStatusValue, flow: Flow | null): string | null {
  if (flow === "user_invited") {
    if (status === "user_data_incomplete") return "/invite-onboarding/user";
    if (status === "to_verify" || status === "to_complete") return "/sumsub";
    if (status === "verify_phone") return "/phone-verification";
    return "/invite-onboarding/status";
  }
  switch (status) {
    case "user_data_incomplete":
      return "/onboarding/user";
    case "profile_incomplete":
      return "/onboarding/business";
    case "kyb_requested":
    case "kyb_pending":
      return "/additional-company-info";
    case "to_verify":
    case "to_complete":
      return "/sumsub";
    case "verify_phone":
      return "/phone-verification";
    case "registration_fee_assigned":
      return "/account-activation";
    case "registration_fee_pending":
      return "/account-activation/transfer";
    default:
      return null;
  }
}

/**
 * A step's page opens only in the statuses that ask for it (issue 26 point 10): opened out of
 * turn (a bookmark, the back button, a typed URL) the server render sends the person to the
 * controller, which knows where they are. The browser has no session here and renders what the
 * server rendered.
 */
export function inTurn(statuses: readonly KycStatusValue[]) {
  return (context: { session?: { kycStatus: KycStatusValue | null } }): string | null => {
    const status = context.session?.kycStatus;
    if (context.session === undefined || (status && statuses.includes(status))) return null;
    return "/controller";
  };
}

/** The statuses of each step, as the controller sends people to them (and the server opens them). */
export const STEP_STATUSES = {
  person: ["user_data_incomplete"],
  business: ["profile_incomplete"],
  phone: ["verify_phone"],
  identity: ["to_verify", "to_complete"],
  kyb: ["kyb_requested", "kyb_pending"],
  fee: ["registration_fee_assigned", "registration_fee_pending"],
} as const satisfies Record<string, readonly KycStatusValue[]>;

/**
 * Whether Back from a step reaches the personal details (server/domain/onboarding/journey.rs
 * `back`): from the phone step where they came right before it, and from the business wizard's
 * first page of a first company. A submitted company is not reopened.
 */
export function mayGoBack(flow: Flow | null, step: "phone" | "business"): boolean {
  if (step === "phone") return flow === "personal" || flow === "user_invited";
  return flow === "business";
}

export interface OverviewStep {
  title: string;
  /** The KYC statuses while this step is the one to do. */
  current: readonly KycStatusValue[];
}

// SPEC §2 "Onboarding overview steps", in the order the journey takes them (the fee opens the
// accounts, so it comes last but one), with the business steps skipped for a personal account
// and a second company (SPEC §4).
export function overview(flow: Flow | null): OverviewStep[] {
  const business = flow === "business" || flow === "business_additional";
  const steps: (OverviewStep | null)[] = [
    flow === "business_additional" ? null : { title: "About You", current: ["user_data_incomplete"] },
    business ? { title: "About Your Business", current: ["profile_incomplete"] } : null,
    flow === "business_additional"
      ? null
      : {
          title: "Biometric Verification",
          current: ["verify_phone", "to_verify", "to_complete", "pending", "no_proof"],
        },
    business ? { title: "Business Verification", current: ["kyb_requested", "kyb_pending"] } : null,
    flow === "user_invited"
      ? null
      : {
          title: business ? "Business Verification Fee" : "Account Verification Fee",
          current: ["registration_fee_assigned", "registration_fee_pending"],
        },
    {
      title: "Account Activation",
      current: ["pending_signoff", "account_not_ready", "rejected", "completed"],
    },
  ];
  return steps.filter((step): step is OverviewStep => step !== null);
}

/** SPEC §4: KYC status refetched every 10 s until loaded, then polled every 15 s. */
export function kycPollInterval(loaded: boolean): number {
  return loaded ? 15_000 : 10_000;
}
