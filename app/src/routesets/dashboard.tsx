// SPEC §2 "Dashboard routes": the dashboard itself so far; unknown paths redirect to it.
import { DashboardPage } from "../features/profiles/components/DashboardPage";
import { DashboardFrame } from "../layouts/DashboardFrame";
import type { AppRoute } from "../routing/types";

export const routes = (): AppRoute[] => [
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
