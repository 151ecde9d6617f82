// SPEC §2 "Director set": the person signing up, signed in, before the account is ready. The
// controller routes on to the next onboarding step. The company review and the activation fee
// are not routed yet: their paths return to the controller, which shows the status.
import {
  countriesQuery,
  identityAccessQuery,
  kycStatusQuery,
  onboardingQuery,
  userQuery,
} from "../features/onboarding/api";
import { BusinessOnboardingPage } from "../features/onboarding/components/BusinessOnboardingPage";
import { ControllerPage } from "../features/onboarding/components/ControllerPage";
import { PersonalInfoPage } from "../features/onboarding/components/PersonalInfoPage";
import { PhoneVerificationPage } from "../features/onboarding/components/PhoneVerificationPage";
import { SumsubPage } from "../features/onboarding/components/SumsubPage";
import { OnboardingFrame } from "../layouts/OnboardingFrame";
import type { AppRoute } from "../routing/types";

const toController = () => "/controller";

export const routes = (): AppRoute[] => [
  {
    path: "/controller",
    head: { title: "Open your account", description: "Your steps to an account." },
    Component: ControllerPage,
    prefetch: (client) => [client.ensureQueryData(kycStatusQuery())],
  },
  { path: "/onboarding", head: { title: "Open your account", description: "" }, redirect: toController },
  {
    path: "/onboarding/user",
    head: { title: "About you", description: "Your personal details and address." },
    Component: PersonalInfoPage,
    prefetch: (client) => [client.ensureQueryData(userQuery()), client.ensureQueryData(countriesQuery())],
  },
  {
    path: "/onboarding/business",
    head: { title: "About your business", description: "Tell us about your company." },
    Component: BusinessOnboardingPage,
    prefetch: (client) => [
      client.ensureQueryData(onboardingQuery()),
      client.ensureQueryData(countriesQuery()),
    ],
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
    // The widget step renders its frame on the server, so it works before hydration.
    prefetch: (client, { query }) => [
      client.ensureQueryData(kycStatusQuery()),
      ...(query.step === "widget" ? [client.ensureQueryData(identityAccessQuery())] : []),
    ],
  },
];

export const notFound: AppRoute = {
  path: "*",
  head: { title: "Open your account", description: "" },
  redirect: toController,
};

export const Frame = OnboardingFrame;
