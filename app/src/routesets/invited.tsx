// SPEC §2 "Invited-user set": a colleague invited to a business, before their own checks are
// done. The controller routes them (SPEC §4 "Invited-user controller"); the steps are the
// director set's pages.
import { countriesQuery, identityAccessQuery, kycStatusQuery, userQuery } from "../features/onboarding/api";
import { ControllerPage, InviteStatusPage } from "../features/onboarding/components/ControllerPage";
import { PersonalInfoPage } from "../features/onboarding/components/PersonalInfoPage";
import { PhoneVerificationPage } from "../features/onboarding/components/PhoneVerificationPage";
import { SumsubPage } from "../features/onboarding/components/SumsubPage";
import { OnboardingFrame } from "../layouts/OnboardingFrame";
import type { AppRoute } from "../routing/types";

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
    prefetch: (client) => [client.ensureQueryData(userQuery())],
  },
  {
    path: "/sumsub",
    head: { title: "Verify your identity", description: "A photo of your document and a selfie." },
    Component: SumsubPage,
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
