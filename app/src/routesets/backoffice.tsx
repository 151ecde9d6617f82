// The bank's back office (issue 32): its own route set under /back-office, for the bank's
// staff, desktop only. The server serves it only while SPEC §1's adminPanel flag is on.
import {
  customerRecordQuery,
  customerSearchQuery,
  enrolmentQuery,
  flagsQuery,
  healthQuery,
  identityQueueQuery,
  inboxQuery,
  kybCaseQuery,
  kybQueueQuery,
  contentQuery,
  proposalsQuery,
  returnedQuery,
  staffListQuery,
  staffQuery,
  suspenseQuery,
  unmatchedQuery,
} from "../features/backoffice/api";
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

const CustomersPage = lazyPage("features/backoffice/components/CustomersPage", () =>
  import("../features/backoffice/components/CustomersPage").then((m) => m.CustomersPage),
);
const CustomerPage = lazyPage("features/backoffice/components/CustomerPage", () =>
  import("../features/backoffice/components/CustomerPage").then((m) => m.CustomerPage),
);
const ApprovalsPage = lazyPage("features/backoffice/components/ApprovalsPage", () =>
  import("../features/backoffice/components/ApprovalsPage").then((m) => m.ApprovalsPage),
);
const StaffPage = lazyPage("features/backoffice/components/StaffPage", () =>
  import("../features/backoffice/components/StaffPage").then((m) => m.StaffPage),
);

const FlagsPage = lazyPage("features/backoffice/components/FlagsPage", () =>
  import("../features/backoffice/components/FlagsPage").then((m) => m.FlagsPage),
);

const InboxPage = lazyPage("features/backoffice/components/InboxPage", () =>
  import("../features/backoffice/components/InboxPage").then((m) => m.InboxPage),
);

const PaymentsPage = lazyPage("features/backoffice/components/PaymentsPage", () =>
  import("../features/backoffice/components/PaymentsPage").then((m) => m.PaymentsPage),
);

const ContentPage = lazyPage("features/backoffice/components/ContentPage", () =>
  import("../features/backoffice/components/ContentPage").then((m) => m.ContentPage),
);

const IdentityChecksPage = lazyPage("features/backoffice/components/IdentityChecksPage", () =>
  import("../features/backoffice/components/IdentityChecksPage").then((m) => m.IdentityChecksPage),
);

const head = (title: string) => ({ title: `${title} · Back office`, description: "The bank's back office." });

export const routes = (): AppRoute[] => [
  {
    path: "/back-office",
    head: head("Home"),
    Component: HomePage,
    prefetch: (client) => [
      client.ensureQueryData(staffQuery()),
      // The dashboard is every member's; without a session the page goes to the log-in.
      client.ensureQueryData(healthQuery()).catch(() => null),
    ],
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
  {
    path: "/back-office/customers",
    head: head("Customers"),
    Component: CustomersPage,
    prefetch: (client, { query }) => [
      client.ensureQueryData(staffQuery()),
      ...((query.q ?? "").trim().length >= 2
        ? [client.ensureQueryData(customerSearchQuery((query.q ?? "").trim()))]
        : []),
    ],
  },
  {
    path: "/back-office/customers/:userId",
    head: head("Customer"),
    Component: CustomerPage,
    prefetch: (client, { params, query }) => {
      const reason = (query.reason ?? "").trim();
      return [
        client.ensureQueryData(staffQuery()),
        ...(reason.length >= 3
          ? [client.ensureQueryData(customerRecordQuery(params.userId ?? "", reason))]
          : []),
      ];
    },
  },
  {
    path: "/back-office/approvals",
    head: head("Approvals"),
    Component: ApprovalsPage,
    prefetch: (client) => [client.ensureQueryData(staffQuery()), client.ensureQueryData(proposalsQuery())],
  },
  {
    path: "/back-office/staff",
    head: head("Staff"),
    Component: StaffPage,
    prefetch: (client) => [client.ensureQueryData(staffQuery()), client.ensureQueryData(staffListQuery())],
  },
  {
    path: "/back-office/settings",
    head: head("Feature flags"),
    Component: FlagsPage,
    prefetch: (client) => [client.ensureQueryData(staffQuery()), client.ensureQueryData(flagsQuery())],
  },
  {
    path: "/back-office/inbox",
    head: head("Support inbox"),
    Component: InboxPage,
    prefetch: (client) => [client.ensureQueryData(staffQuery()), client.ensureQueryData(inboxQuery())],
  },
  {
    path: "/back-office/payments",
    head: head("Payments"),
    Component: PaymentsPage,
    prefetch: (client) => [
      client.ensureQueryData(staffQuery()),
      client.ensureQueryData(suspenseQuery()),
      client.ensureQueryData(returnedQuery()),
      client.ensureQueryData(unmatchedQuery()),
    ],
  },
  {
    path: "/back-office/content",
    head: head("Promos and events"),
    Component: ContentPage,
    prefetch: (client) => [client.ensureQueryData(staffQuery()), client.ensureQueryData(contentQuery())],
  },
  {
    path: "/back-office/identity",
    head: head("Identity checks"),
    Component: IdentityChecksPage,
    prefetch: (client) => [
      client.ensureQueryData(staffQuery()),
      client.ensureQueryData(identityQueueQuery()),
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
