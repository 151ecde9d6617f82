// SPEC §2 "Auth routes", desktop and mobile.
import { countriesQuery } from "../features/onboarding/api";
import { invitationLinkQuery } from "../api/profiles";
import { AuthFrame } from "../layouts/AuthFrame";
import { lazyPage } from "../routing/lazyPage";
import type { AppRoute, Layout } from "../routing/types";

// Each page is its own chunk (routing/lazyPage.tsx).
const AcceptInvitePage = lazyPage("features/auth/components/AcceptInvitePage", () =>
  import("../features/auth/components/AcceptInvitePage").then((m) => m.AcceptInvitePage),
);
const CardInvitationPage = lazyPage("features/cards/components/CardInvitationPage", () =>
  import("../features/cards/components/CardInvitationPage").then((m) => m.CardInvitationPage),
);
const ForgotPage = lazyPage("features/auth/components/ForgotPage", () =>
  import("../features/auth/components/ForgotPage").then((m) => m.ForgotPage),
);
const InviteOnboardingPage = lazyPage("features/onboarding/components/RegistrationPage", () =>
  import("../features/onboarding/components/RegistrationPage").then((m) => m.InviteOnboardingPage),
);
const LeadsPage = lazyPage("features/support/components/LeadsPage", () =>
  import("../features/support/components/LeadsPage").then((m) => m.LeadsPage),
);
const LoginPage = lazyPage("features/auth/components/LoginPage", () =>
  import("../features/auth/components/LoginPage").then((m) => m.LoginPage),
);
const NotFoundPage = lazyPage("features/auth/components/NotFoundPage", () =>
  import("../features/auth/components/NotFoundPage").then((m) => m.NotFoundPage),
);
const RegistrationPage = lazyPage("features/onboarding/components/RegistrationPage", () =>
  import("../features/onboarding/components/RegistrationPage").then((m) => m.RegistrationPage),
);
const ResetPasswordPage = lazyPage("features/auth/components/ResetPasswordPage", () =>
  import("../features/auth/components/ResetPasswordPage").then((m) => m.ResetPasswordPage),
);
// The sandbox's component kit (issue 28). The server answers /dev/ui only in sandbox mode, to
// this machine (server/http/mod.rs); a real bank answers 404.
const KitPage = lazyPage("ui/dev/KitPage", () => import("../ui/dev/KitPage").then((m) => m.KitPage));
const StartPage = lazyPage("features/auth/components/StartPage", () =>
  import("../features/auth/components/StartPage").then((m) => m.StartPage),
);

const toRegistration = () => "/onboarding/user";

/** The invitation an `invite` or `token` query names, loaded for the server render. */
const invitationOf =
  (name: "invite" | "token"): AppRoute["prefetch"] =>
  (client, { query }) => {
    const token = query[name];
    return token ? [client.prefetchQuery(invitationLinkQuery(token))] : [];
  };

const shared: AppRoute[] = [
  { path: "/dev/ui", head: { title: "Component kit", description: "" }, Component: KitPage },
  {
    path: "/login",
    head: { title: "Log in", description: "Log in to your business or personal account." },
    Component: LoginPage,
  },
  {
    path: "/forgot",
    head: { title: "Forgot password", description: "Get a link to choose a new password." },
    Component: ForgotPage,
  },
  {
    path: "/reset-password",
    head: { title: "Choose a new password", description: "Choose a new password for your account." },
    // SPEC §2: password reset requires a token query parameter, otherwise goes to login.
    redirect: ({ query }) => (query.token ? null : "/login"),
    Component: ResetPasswordPage,
  },
  {
    path: "/accept-invite",
    head: { title: "Accept your invitation", description: "Join a team on its business account." },
    Component: AcceptInvitePage,
    prefetch: invitationOf("token"),
  },
  {
    path: "/onboarding/user",
    head: { title: "Sign up", description: "Open a business or personal account online." },
    Component: RegistrationPage,
    prefetch: invitationOf("invite"),
  },
  { path: "/signup", head: { title: "Sign up", description: "" }, redirect: toRegistration },
  {
    path: "/leads",
    head: { title: "Talk to our business team", description: "Ask for a call back from our team." },
    Component: LeadsPage,
  },
  {
    path: "/invitation/:inviteKey/card",
    head: { title: "Your company card", description: "Your employer invited you to a corporate card." },
    Component: CardInvitationPage,
    prefetch: (client, { params }) =>
      params.inviteKey ? [client.prefetchQuery(invitationLinkQuery(params.inviteKey))] : [],
  },
  {
    // Activating needs the login made from the invitation: the invitation page leads there.
    path: "/invitation/:inviteKey/card/activate",
    head: { title: "Activate your card", description: "Activate your corporate card." },
    redirect: ({ params }) => `/invitation/${encodeURIComponent(params.inviteKey ?? "")}/card`,
  },
];

const desktopOnly: AppRoute[] = [
  {
    path: "/",
    head: {
      title: "Business and personal accounts in GBP, EUR and USD",
      description:
        "Multi-currency accounts, UK, SEPA and SWIFT transfers, cards and invoices for businesses and people in the UK and Europe.",
    },
    Component: StartPage,
    prefetch: (client) => [client.ensureQueryData(countriesQuery())],
  },
  { path: "/onboarding", head: { title: "Sign up", description: "" }, redirect: toRegistration },
  // The business wizard saves to the person's account: a visitor signs up first, as a business.
  {
    path: "/onboarding/business",
    head: { title: "Business onboarding", description: "Tell us about your company." },
    redirect: () => "/onboarding/user?flow=business",
  },
];

const mobileOnly: AppRoute[] = [
  { path: "/", head: { title: "Log in", description: "" }, redirect: () => "/login" },
  {
    path: "/invite-onboarding/user",
    head: { title: "Join your team", description: "Join your team on its business account." },
    Component: InviteOnboardingPage,
    prefetch: invitationOf("invite"),
  },
];

export const routes = (layout: Layout): AppRoute[] => [
  ...(layout === "mobile" ? mobileOnly : desktopOnly),
  ...shared,
];

export const notFound: AppRoute = {
  path: "*",
  head: { title: "Page not found", description: "This page does not exist." },
  Component: NotFoundPage,
};

export const Frame = AuthFrame;
