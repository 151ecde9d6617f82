// SPEC §2 "Invited-user set": a colleague invited to a business, before their own checks are
// done. The controller routes them (SPEC §4 "Invited-user controller"); the steps are the
// director set's pages.
import { countriesQuery, identityAccessQuery, kycStatusQuery, userQuery } from "../features/onboarding/api";
import { inTurn, STEP_STATUSES } from "../features/onboarding/controller";
import { OnboardingFrame } from "../layouts/OnboardingFrame";
import { lazyPage } from "../routing/lazyPage";
import type { AppRoute } from "../routing/types";

// Each page is its own chunk (routing/lazyPage.tsx).
const ControllerPage = lazyPage("features/onboarding/components/ControllerPage", () =>
  import("../features/onboarding/components/ControllerPage").then((m) => m.ControllerPage),
);
const InviteStatusPage = lazyPage("features/onboarding/components/ControllerPage", () =>
  import("../features/onboarding/components/ControllerPage").then((m) => m.InviteStatusPage),
);
const PersonalInfoPage = lazyPage("features/onboarding/components/PersonalInfoPage", () =>
  import("../features/onboarding/components/PersonalInfoPage").then((m) => m.PersonalInfoPage),
);
const PhoneVerificationPage = lazyPage("features/onboarding/components/PhoneVerificationPage", () =>
  import("../features/onboarding/components/PhoneVerificationPage").then((m) => m.PhoneVerificationPage),
);
const SumsubPage = lazyPage("features/onboarding/components/SumsubPage", () =>
  import("../features/onboarding/components/SumsubPage").then((m) => m.SumsubPage),
);

export const routes = (): AppRoute[] => [
  {
    path: "/controller",
    head: { title: "Join your team", description: "Your steps to your team's account." },
    Component: ControllerPage,
    prefetch: (client) => [client.ensureQueryData(kycStatusQuery())],
  },
  {
    path: "/invite-onboarding/user",
    head: { title: "About you", description: "Your personal details and address." },
    Component: PersonalInfoPage,
    redirect: inTurn(STEP_STATUSES.person),
    prefetch: (client) => [client.ensureQueryData(userQuery()), client.ensureQueryData(countriesQuery())],
  },
  {
    path: "/invite-onboarding/status",
    head: { title: "Your application", description: "Where your checks stand." },
    Component: InviteStatusPage,
    prefetch: (client) => [client.ensureQueryData(kycStatusQuery())],
  },
  {
    path: "/phone-verification",
    head: { title: "Verify your phone", description: "Confirm your mobile number." },
    Component: PhoneVerificationPage,
    redirect: inTurn(STEP_STATUSES.phone),
    prefetch: (client) => [client.ensureQueryData(userQuery())],
  },
  {
    path: "/sumsub",
    head: { title: "Verify your identity", description: "A photo of your document and a selfie." },
    Component: SumsubPage,
    redirect: inTurn(STEP_STATUSES.identity),
    prefetch: (client, { query }) => [
      client.ensureQueryData(kycStatusQuery()),
      ...(query.step === "widget" ? [client.ensureQueryData(identityAccessQuery())] : []),
    ],
  },
];

export const notFound: AppRoute = {
  path: "*",
  head: { title: "Join your team", description: "" },
  redirect: () => "/controller",
};

export const Frame = OnboardingFrame;

/** A page whose data the API refuses (a state the page does not expect) goes to the controller. */
export const whenRefused = "/controller";
