// SPEC §2 "Dashboard routes": the dashboard and the person's details so far; unknown paths
// redirect to the dashboard.
import { passkeysQuery } from "../features/auth/api";
import { SecurityPage } from "../features/auth/components/SecurityPage";
import { DashboardPage } from "../features/profiles/components/DashboardPage";
import { DashboardFrame } from "../layouts/DashboardFrame";
import type { AppRoute, Layout } from "../routing/types";

const security = (path: string): AppRoute => ({
  path,
  head: { title: "Your details", description: "Your details and how you approve log-ins." },
  Component: SecurityPage,
  prefetch: (client) => [client.ensureQueryData(passkeysQuery())],
});

// SPEC §2: the person's details are client/details on desktop and account on mobile.
export const routes = (layout: Layout): AppRoute[] => [
  security(layout === "mobile" ? "/account" : "/client/details"),
  {
    path: "/dashboard",
    head: { title: "Dashboard", description: "Your accounts." },
    Component: DashboardPage,
  },
];

export const notFound: AppRoute = {
  path: "*",
  head: { title: "Dashboard", description: "" },
  redirect: () => "/dashboard",
};

export const Frame = DashboardFrame;
