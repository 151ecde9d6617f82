// The bank's back office (issue 32): its own route set under /back-office, for the bank's
// staff, desktop only. The server serves it only while SPEC §1's adminPanel flag is on.
import { enrolmentQuery, kybCaseQuery, kybQueueQuery, staffQuery } from "../features/backoffice/api";
import { BackOfficeFrame } from "../features/backoffice/components/BackOfficeFrame";
import { lazyPage } from "../routing/lazyPage";
import type { AppRoute } from "../routing/types";

const HomePage = lazyPage("features/backoffice/components/HomePage", () =>
  import("../features/backoffice/components/HomePage").then((m) => m.HomePage),
);
const LogInPage = lazyPage("features/backoffice/components/LogInPage", () =>
  import("../features/backoffice/components/LogInPage").then((m) => m.LogInPage),
);
const EnrolPage = lazyPage("features/backoffice/components/EnrolPage", () =>
  import("../features/backoffice/components/EnrolPage").then((m) => m.EnrolPage),
);
const KybQueuePage = lazyPage("features/backoffice/components/KybQueuePage", () =>
  import("../features/backoffice/components/KybQueuePage").then((m) => m.KybQueuePage),
);
const KybCasePage = lazyPage("features/backoffice/components/KybCasePage", () =>
  import("../features/backoffice/components/KybCasePage").then((m) => m.KybCasePage),
);

const head = (title: string) => ({ title: `${title} · Back office`, description: "The bank's back office." });

export const routes = (): AppRoute[] => [
  {
    path: "/back-office",
    head: head("Home"),
    Component: HomePage,
    prefetch: (client) => [client.ensureQueryData(staffQuery())],
  },
  { path: "/back-office/login", head: head("Log in"), Component: LogInPage },
  {
    path: "/back-office/enrol",
    head: head("Create your passkey"),
    Component: EnrolPage,
    prefetch: (client, { query }) => [client.ensureQueryData(enrolmentQuery(query.token ?? ""))],
  },
  {
    path: "/back-office/kyb",
    head: head("Business reviews"),
    Component: KybQueuePage,
    prefetch: (client) => [client.ensureQueryData(staffQuery()), client.ensureQueryData(kybQueueQuery())],
  },
  {
    path: "/back-office/kyb/:userId",
    head: head("Business review"),
    Component: KybCasePage,
    prefetch: (client, { params }) => [
      client.ensureQueryData(staffQuery()),
      client.ensureQueryData(kybCaseQuery(params.userId ?? "")),
    ],
  },
];

export const notFound: AppRoute = {
  path: "*",
  status: 404,
  head: head("Not found"),
  Component: HomePage,
  prefetch: (client) => [client.ensureQueryData(staffQuery())],
};

export const Frame = BackOfficeFrame;

/** A refused call (a duty the role lacks, a session that has ended) goes home, which sends a
 * visitor without a session on to the log-in. */
export const whenRefused = "/back-office";
