// SPEC §2 "Director set": the person signing up, signed in, before the account is ready. The
// controller routes on to the next onboarding step.
import {
  countriesQuery,
  feeQuery,
  identityAccessQuery,
  kycStatusQuery,
  onboardingQuery,
  userQuery,
} from "../features/onboarding/api";
import { inTurn, STEP_STATUSES } from "../features/onboarding/controller";
import { OnboardingFrame } from "../layouts/OnboardingFrame";
import { lazyPage } from "../routing/lazyPage";
import type { AppRoute, Layout } from "../routing/types";
import { invitationLinkQuery } from "../api/profiles";

// Each page is its own chunk (routing/lazyPage.tsx).
const AdditionalCompanyInfoPage = lazyPage("features/onboarding/components/AdditionalCompanyInfoPage", () =>
  import("../features/onboarding/components/AdditionalCompanyInfoPage").then(
    (m) => m.AdditionalCompanyInfoPage,
  ),
);
const BusinessOnboardingPage = lazyPage("features/onboarding/components/BusinessOnboardingPage", () =>
  import("../features/onboarding/components/BusinessOnboardingPage").then((m) => m.BusinessOnboardingPage),
);
const CardPage = lazyPage("features/onboarding/components/AccountActivationPage", () =>
  import("../features/onboarding/components/AccountActivationPage").then((m) => m.CardPage),
);
const CardInvitationPage = lazyPage("features/cards/components/SignedInCardInvitationPage", () =>
  import("../features/cards/components/SignedInCardInvitationPage").then((m) => m.SignedInCardInvitationPage),
);
const ControllerPage = lazyPage("features/onboarding/components/ControllerPage", () =>
  import("../features/onboarding/components/ControllerPage").then((m) => m.ControllerPage),
);
const PaywallPage = lazyPage("features/onboarding/components/AccountActivationPage", () =>
  import("../features/onboarding/components/AccountActivationPage").then((m) => m.PaywallPage),
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
const TransferPage = lazyPage("features/onboarding/components/AccountActivationPage", () =>
  import("../features/onboarding/components/AccountActivationPage").then((m) => m.TransferPage),
);

const toController = () => "/controller";

// SPEC §2: on the desktop the director set also opens a corporate card's emailed link, so a
// person opening their own company's account can accept a card another company gives them.
const cardInvitation: AppRoute = {
  path: "/invitation/:inviteKey/card",
  head: { title: "Your company card", description: "A corporate card offered to you." },
  Component: CardInvitationPage,
  prefetch: (client, { params }) => [client.prefetchQuery(invitationLinkQuery(params.inviteKey ?? ""))],
};

export const routes = (layout: Layout): AppRoute[] => [
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
    redirect: inTurn(STEP_STATUSES.person),
    prefetch: (client) => [client.ensureQueryData(userQuery()), client.ensureQueryData(countriesQuery())],
  },
  {
    path: "/onboarding/business",
    head: { title: "About your business", description: "Tell us about your company." },
    Component: BusinessOnboardingPage,
    redirect: inTurn(STEP_STATUSES.business),
    prefetch: (client) => [
      client.ensureQueryData(onboardingQuery()),
      client.ensureQueryData(countriesQuery()),
    ],
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
    // The widget step renders its frame on the server, so it works before hydration.
    prefetch: (client, { query }) => [
      client.ensureQueryData(kycStatusQuery()),
      ...(query.step === "widget" ? [client.ensureQueryData(identityAccessQuery())] : []),
    ],
  },
  {
    path: "/additional-company-info",
    head: { title: "Business verification", description: "Our review of your business." },
    Component: AdditionalCompanyInfoPage,
    redirect: inTurn(STEP_STATUSES.kyb),
    prefetch: (client) => [
      client.ensureQueryData(kycStatusQuery()),
      client.ensureQueryData(onboardingQuery()),
    ],
  },
  ...activation,
  ...(layout === "desktop" ? [cardInvitation] : []),
];

const feePrefetch: AppRoute["prefetch"] = (client) => [
  client.ensureQueryData(kycStatusQuery()),
  client.ensureQueryData(feeQuery()),
];

// SPEC §2: account-activation (index, transfer, card; other sub-paths return to account-activation).
const activation: AppRoute[] = [
  {
    path: "/account-activation",
    head: { title: "Account activation", description: "Pay the activation fee to open your account." },
    Component: PaywallPage,
    redirect: inTurn(STEP_STATUSES.fee),
    prefetch: feePrefetch,
  },
  {
    path: "/account-activation/transfer",
    head: { title: "Account Activation Pending", description: "Pay the activation fee by bank transfer." },
    Component: TransferPage,
    redirect: inTurn(STEP_STATUSES.fee),
    prefetch: feePrefetch,
  },
  {
    path: "/account-activation/card",
    head: { title: "Card payment", description: "Your card payment of the activation fee." },
    Component: CardPage,
    redirect: inTurn(STEP_STATUSES.fee),
    prefetch: feePrefetch,
  },
  {
    path: "/account-activation/*",
    head: { title: "Account activation", description: "" },
    redirect: () => "/account-activation",
  },
];

export const notFound: AppRoute = {
  path: "*",
  head: { title: "Open your account", description: "" },
  redirect: toController,
};

export const Frame = OnboardingFrame;

/** A page whose data the API refuses (a state the page does not expect) goes to the controller. */
export const whenRefused = "/controller";
