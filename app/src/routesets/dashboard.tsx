// SPEC §2 "Dashboard routes": the dashboard with the accounts, account details, statements and
// the proof letter, and the person's details; unknown paths redirect to the dashboard.
import type { QueryClient } from "@tanstack/react-query";
import { chooseAccount } from "../features/accounts/access";
import { bankAccountsQuery, transactionQuery, transactionsQuery } from "../features/accounts/api";
import { filtersFromQuery } from "../features/accounts/filters";
import { passkeysQuery } from "../features/auth/api";
import { rateQuery } from "../features/exchange/api";
import { convertible, draftFromQuery, rateInput } from "../features/exchange/select";
import { recipientsQuery } from "../features/payments/api";
import { profilesQuery, teamQuery } from "../features/profiles/api";
import { DashboardFrame } from "../layouts/DashboardFrame";
import { lazyPage } from "../routing/lazyPage";
import type { AppRoute, Layout, RouteContext } from "../routing/types";

// Each page is its own chunk (routing/lazyPage.tsx).
const AccountPage = lazyPage("routesets/pages/AccountPage", () =>
  import("./pages/AccountPage").then((m) => m.AccountPage),
);
const HomePage = lazyPage("routesets/pages/HomePage", () =>
  import("./pages/HomePage").then((m) => m.HomePage),
);
const AccountDetailsPage = lazyPage("features/accounts/components/AccountDetailsPage", () =>
  import("../features/accounts/components/AccountDetailsPage").then((m) => m.AccountDetailsPage),
);
const ActivateCardPage = lazyPage("features/cards/components/ActivateCardPage", () =>
  import("../features/cards/components/ActivateCardPage").then((m) => m.ActivateCardPage),
);
const AddProfilePage = lazyPage("features/profiles/components/AddProfilePage", () =>
  import("../features/profiles/components/AddProfilePage").then((m) => m.AddProfilePage),
);
const CardTransactionsPage = lazyPage("features/cards/components/CardTransactionsPage", () =>
  import("../features/cards/components/CardTransactionsPage").then((m) => m.CardTransactionsPage),
);
const CardsPage = lazyPage("features/cards/components/CardsPage", () =>
  import("../features/cards/components/CardsPage").then((m) => m.CardsPage),
);
const CorporateCardPage = lazyPage("features/cards/components/CorporateCardsPage", () =>
  import("../features/cards/components/CorporateCardsPage").then((m) => m.CorporateCardPage),
);
const CorporateCardsPage = lazyPage("features/cards/components/CorporateCardsPage", () =>
  import("../features/cards/components/CorporateCardsPage").then((m) => m.CorporateCardsPage),
);
const CorporateInvitePage = lazyPage("features/cards/components/CorporateCardsPage", () =>
  import("../features/cards/components/CorporateCardsPage").then((m) => m.CorporateInvitePage),
);
const ExchangePage = lazyPage("features/exchange/components/ExchangePage", () =>
  import("../features/exchange/components/ExchangePage").then((m) => m.ExchangePage),
);
const InvoiceListPage = lazyPage("features/invoices/components/InvoiceListPage", () =>
  import("../features/invoices/components/InvoiceListPage").then((m) => m.InvoiceListPage),
);
const InvoiceNewPage = lazyPage("features/invoices/components/InvoiceNewPage", () =>
  import("../features/invoices/components/InvoiceNewPage").then((m) => m.InvoiceNewPage),
);
const InvoiceViewPage = lazyPage("features/invoices/components/InvoiceViewPage", () =>
  import("../features/invoices/components/InvoiceViewPage").then((m) => m.InvoiceViewPage),
);
const ContractorsPage = lazyPage("features/invoices/components/ContractorsPage", () =>
  import("../features/invoices/components/ContractorsPage").then((m) => m.ContractorsPage),
);
const ContractorFormPage = lazyPage("features/invoices/components/ContractorFormPage", () =>
  import("../features/invoices/components/ContractorFormPage").then((m) => m.ContractorFormPage),
);
const LoansPage = lazyPage("features/lending/components/LoansPage", () =>
  import("../features/lending/components/LoansPage").then((m) => m.LoansPage),
);
const MerchantPage = lazyPage("features/lending/components/MerchantPage", () =>
  import("../features/lending/components/MerchantPage").then((m) => m.MerchantPage),
);
const MortgagePage = lazyPage("features/lending/components/MortgagePage", () =>
  import("../features/lending/components/MortgagePage").then((m) => m.MortgagePage),
);
const FactoringPage = lazyPage("features/lending/components/FactoringPage", () =>
  import("../features/lending/components/FactoringPage").then((m) => m.FactoringPage),
);
const ReferralsPage = lazyPage("features/engagement/components/ReferralsPage", () =>
  import("../features/engagement/components/ReferralsPage").then((m) => m.ReferralsPage),
);
const ReferralEmailPage = lazyPage("features/engagement/components/ReferralEmailPage", () =>
  import("../features/engagement/components/ReferralEmailPage").then((m) => m.ReferralEmailPage),
);
const ReferralEmailDonePage = lazyPage("features/engagement/components/ReferralEmailPage", () =>
  import("../features/engagement/components/ReferralEmailPage").then((m) => m.ReferralEmailDonePage),
);
const TermsAndPoliciesPage = lazyPage("features/policies/components/TermsAndPoliciesPage", () =>
  import("../features/policies/components/TermsAndPoliciesPage").then((m) => m.TermsAndPoliciesPage),
);
const ContactPage = lazyPage("features/support/components/ContactPage", () =>
  import("../features/support/components/ContactPage").then((m) => m.ContactPage),
);
const InvitationPage = lazyPage("features/profiles/components/InvitationPage", () =>
  import("../features/profiles/components/InvitationPage").then((m) => m.InvitationPage),
);
const InvitePage = lazyPage("features/profiles/components/InvitePage", () =>
  import("../features/profiles/components/InvitePage").then((m) => m.InvitePage),
);
const MemberPage = lazyPage("features/profiles/components/MemberPage", () =>
  import("../features/profiles/components/MemberPage").then((m) => m.MemberPage),
);
const PerkPage = lazyPage("features/cards/components/PerksPage", () =>
  import("../features/cards/components/PerksPage").then((m) => m.PerkPage),
);
const PerksPage = lazyPage("features/cards/components/PerksPage", () =>
  import("../features/cards/components/PerksPage").then((m) => m.PerksPage),
);
const ProofLetterPage = lazyPage("features/accounts/components/ProofLetterPage", () =>
  import("../features/accounts/components/ProofLetterPage").then((m) => m.ProofLetterPage),
);
const RecipientFormPage = lazyPage("features/payments/components/RecipientFormPage", () =>
  import("../features/payments/components/RecipientFormPage").then((m) => m.RecipientFormPage),
);
const RecipientsPage = lazyPage("features/payments/components/RecipientsPage", () =>
  import("../features/payments/components/RecipientsPage").then((m) => m.RecipientsPage),
);
const StatementPage = lazyPage("features/accounts/components/StatementPage", () =>
  import("../features/accounts/components/StatementPage").then((m) => m.StatementPage),
);
const TransferApprovePage = lazyPage("features/payments/components/TransferApprovePage", () =>
  import("../features/payments/components/TransferApprovePage").then((m) => m.TransferApprovePage),
);
const TransferPage = lazyPage("features/payments/components/TransferPage", () =>
  import("../features/payments/components/TransferPage").then((m) => m.TransferPage),
);

/** The person's details and passkeys, and a business profile's team. */
const security = (path: string): AppRoute => ({
  path,
  head: { title: "Your details", description: "Your details, how you approve log-ins, and your team." },
  Component: AccountPage,
  prefetch: (client) => [
    client.ensureQueryData(passkeysQuery()),
    client.ensureQueryData(teamQuery()).catch(() => undefined),
    client.ensureQueryData(bankAccountsQuery()).catch(() => undefined),
  ],
});

/** The accounts, then the selected account's first page of transactions and an open detail, so
 * the server's HTML already shows them. A failed call leaves the client to retry. */
function prefetchDashboard(client: QueryClient, { query }: RouteContext): Promise<unknown>[] {
  const accounts = client.ensureQueryData(bankAccountsQuery()).then((data) => {
    const selected = chooseAccount(data.results, query.account);
    return selected
      ? client.prefetchInfiniteQuery(transactionsQuery(selected.id, filtersFromQuery(query)))
      : undefined;
  });
  const detail = query.txn ? [client.prefetchQuery(transactionQuery(query.txn))] : [];
  return [accounts.catch(() => undefined), ...detail];
}

const recipientForm = (client: QueryClient) => [
  client.ensureQueryData(recipientsQuery()).catch(() => undefined),
  client.ensureQueryData(bankAccountsQuery()).catch(() => undefined),
];

/** The accounts and, for the plain form's address, the quote and the result it shows. */
function prefetchExchange(client: QueryClient, { query }: RouteContext): Promise<unknown>[] {
  const quote = client.ensureQueryData(bankAccountsQuery()).then((data) => {
    if (!query.sell && !query.buy) return undefined;
    const accounts = convertible(data.results);
    const input = rateInput(draftFromQuery(query, accounts), accounts);
    return input ? client.prefetchQuery(rateQuery(input)) : undefined;
  });
  const done = query.done ? [client.prefetchQuery(transactionQuery(query.done))] : [];
  return [quote.catch(() => undefined), ...done];
}

const accountsOnly = (client: QueryClient) => [
  client.ensureQueryData(bankAccountsQuery()).catch(() => undefined),
];

/** The cards' data, loaded with their pages' code (features/cards/prefetch.ts), so the other
 * pages' first load carries none of the cards' calls. */
const carding =
  (which: "cardsOnly" | "cards" | "corporate" | "corporateInvite" | "activity" | "referralProgram") =>
  (client: QueryClient, context: RouteContext): Promise<unknown>[] => [
    import("../features/cards/prefetch").then((m) => Promise.all(m[which](client, context))),
  ];

const perks = (path: string): AppRoute => ({
  path,
  head: { title: "Card perks", description: "What your card gives you besides payments." },
  Component: path.endsWith(":path") ? PerkPage : PerksPage,
  ...(path.endsWith(":path") ? {} : { prefetch: carding("referralProgram") }),
});

// SPEC §2: the person's details are client/details on desktop and account on mobile; account
// details have their own page on desktop and sit on the mobile dashboard.
export const routes = (layout: Layout): AppRoute[] => [
  security(layout === "mobile" ? "/account" : "/client/details"),
  ...invoiceRoutes,
  {
    path: "/mortgage",
    head: { title: "Mortgage", description: "A commercial mortgage for your business's premises." },
    Component: MortgagePage,
    prefetch: (client) => [
      import("../features/lending/prefetch").then((m) => Promise.all(m.mortgage(client))),
    ],
  },
  // SPEC §2: a desktop screen.
  ...(layout === "desktop"
    ? [
        {
          path: "/terms-and-policies",
          head: {
            title: "Terms and policies",
            description: "Your agreement with us, and what you accepted.",
          },
          Component: TermsAndPoliciesPage,
          prefetch: (client: QueryClient) => [
            import("../features/policies/api").then((m) => client.ensureQueryData(m.acceptancesQuery())),
          ],
        },
      ]
    : []),
  // SPEC §2 referrals (the server's guard needs the referrals flag and a ready account).
  {
    path: "/referrals",
    head: { title: "Refer a friend", description: "Your link, and the friends you invited." },
    Component: ReferralsPage,
    prefetch: (client: QueryClient) => [
      import("../features/engagement/referralsApi").then((m) =>
        Promise.all([
          client.ensureQueryData(m.referralProgrammeQuery()),
          client.ensureQueryData(m.referralInvitesQuery()),
        ]),
      ),
    ],
  },
  {
    path: "/referrals/email",
    head: { title: "Invite by email", description: "Invite a friend by email." },
    Component: ReferralEmailPage,
  },
  {
    path: "/referrals/email/done",
    head: { title: "Invitation sent", description: "Your invitation is on its way." },
    Component: ReferralEmailDonePage,
  },
  {
    path: "/contact-us",
    head: { title: "Contact Us", description: "Call, write or send us a message." },
    Component: ContactPage,
  },
  {
    path: "/factoring",
    head: { title: "Factoring", description: "Get paid now for invoices you have sent." },
    Component: FactoringPage,
    prefetch: (client) => [
      import("../features/lending/prefetch").then((m) => Promise.all(m.factoring(client))),
    ],
  },
  {
    path: "/merchant",
    head: { title: "Merchant", description: "Accept card payments through our partner acquirer." },
    Component: MerchantPage,
    prefetch: (client) => [
      import("../features/lending/prefetch").then((m) => Promise.all(m.merchant(client))),
    ],
  },
  {
    path: "/loans",
    head: {
      title: "Business Loans",
      description: "Apply for a business loan and follow the lender's decision.",
    },
    Component: LoansPage,
    prefetch: (client) => [import("../features/lending/prefetch").then((m) => Promise.all(m.loans(client)))],
  },
  {
    path: "/dashboard",
    head: { title: "Dashboard", description: "Your accounts." },
    Component: HomePage,
    prefetch: prefetchDashboard,
  },
  ...(layout === "mobile"
    ? [
        {
          path: "/account/users/invite",
          head: {
            title: "Invite a team member",
            description: "Invite a colleague to your company's account.",
          },
          Component: InvitePage,
        },
        {
          path: "/account/users/invitation/:invitationId/view",
          head: { title: "Invitation", description: "An invitation to your team." },
          Component: InvitationPage,
          prefetch: (client: QueryClient) => [client.ensureQueryData(teamQuery()).catch(() => undefined)],
        },
        {
          path: "/account/users/:userId/view",
          head: { title: "Team member", description: "A member of your team and their access." },
          Component: MemberPage,
          prefetch: (client: QueryClient) => [client.ensureQueryData(teamQuery()).catch(() => undefined)],
        },
      ]
    : []),
  // SPEC §2 cards, cards/activate; mobile adds the perks and a card's transactions.
  {
    path: "/cards",
    head: { title: "My Cards", description: "Your cards: order, activate, freeze, limits and details." },
    Component: CardsPage,
    prefetch: carding("cards"),
  },
  {
    path: "/cards/activate",
    head: { title: "Activate your card", description: "Activate a card that has arrived." },
    Component: ActivateCardPage,
    prefetch: carding("cardsOnly"),
  },
  ...(layout === "mobile"
    ? [
        perks("/cards/benefits"),
        perks("/cards/benefits/:path"),
        // SPEC §2 mobile corporate cards (an Account Owner's; the server guards them).
        {
          path: "/cards/corporate",
          head: { title: "Corporate cards", description: "The cards your company gave its employees." },
          Component: CorporateCardsPage,
          prefetch: carding("corporate"),
        },
        {
          path: "/cards/corporate/invite",
          head: { title: "Give a card to an employee", description: "A corporate card for an employee." },
          Component: CorporateInvitePage,
          prefetch: carding("corporateInvite"),
        },
        {
          path: "/cards/corporate/:cardId/view",
          head: { title: "Corporate card", description: "A corporate card and its controls." },
          Component: CorporateCardPage,
          prefetch: carding("corporate"),
        },
        {
          path: "/cards/transactions",
          head: { title: "Card transactions", description: "A card's pending and booked payments." },
          Component: CardTransactionsPage,
          prefetch: carding("activity"),
        },
      ]
    : []),
  ...(layout === "desktop"
    ? [
        {
          path: "/bank-accounts/details",
          head: { title: "Account details", description: "How to pay into your accounts." },
          Component: AccountDetailsPage,
          prefetch: accountsOnly,
        },
      ]
    : []),
  {
    path: "/statement",
    head: { title: "Generate Statement", description: "Statements of your accounts." },
    Component: StatementPage,
    prefetch: accountsOnly,
  },
  // A person without the transaction right gets no recipients: the page sends them away.
  {
    path: "/recipients",
    head: { title: "Recipients", description: "The people and companies you pay." },
    Component: RecipientsPage,
    prefetch: (client) => [client.ensureQueryData(recipientsQuery()).catch(() => undefined)],
  },
  {
    path: "/recipients/create",
    head: { title: "Add recipient", description: "A new payee." },
    Component: RecipientFormPage,
    prefetch: recipientForm,
  },
  {
    path: "/recipients/edit/:recipientId",
    head: { title: "Edit recipient", description: "Change a payee." },
    Component: RecipientFormPage,
    prefetch: recipientForm,
  },
  // SPEC §2 transfer/{realmId} (an account to pay from) and transfer/{scheme} (0 sepa, 1 local,
  // 2 swift); ?recipient= pays a saved recipient, ?repeat= repeats a transaction.
  {
    path: "/transfer/approve",
    head: { title: "Approve the transfer", description: "Approve a transfer with the code we texted you." },
    Component: TransferApprovePage,
    prefetch: recipientForm,
  },
  {
    path: "/transfer/:realmId",
    head: { title: "New transfer", description: "Send money by UK local transfer, SEPA or SWIFT." },
    Component: TransferPage,
    prefetch: (client, { query }) => [
      ...recipientForm(client),
      ...(query.repeat ? [client.prefetchQuery(transactionQuery(query.repeat))] : []),
    ],
  },
  // SPEC §2 Currency exchange: select, approve, complete.
  {
    path: "/currency-converter",
    head: { title: "Currency exchange", description: "Convert money between your accounts." },
    Component: ExchangePage,
    prefetch: prefetchExchange,
  },
  {
    path: "/company/add",
    head: { title: "Add an account", description: "Another company, or a personal account." },
    Component: AddProfilePage,
    prefetch: (client) => [client.ensureQueryData(profilesQuery())],
  },
  {
    path: "/proof-letter",
    head: { title: "Proof Of Banking Account", description: "A letter confirming your account." },
    Component: ProofLetterPage,
    prefetch: accountsOnly,
  },
];

/** Invoicing's data, loaded with its page's code (features/invoices/prefetch.ts). */
const invoicing =
  (which: "list" | "form" | "view" | "partners") =>
  (client: QueryClient, context: RouteContext): Promise<unknown>[] => [
    import("../features/invoices/prefetch").then((m) => Promise.all(m[which](client, context))),
  ];

/** SPEC §2 invoice routes: the phone's, and the desktop's at the same paths. */
const invoiceRoutes: AppRoute[] = [
  { path: "/invoice", head: { title: "New invoice", description: "" }, redirect: () => "/invoice/new" },
  {
    path: "/invoice/new",
    head: { title: "New invoice", description: "Bill a client from your account." },
    Component: InvoiceNewPage,
    prefetch: invoicing("form"),
  },
  {
    path: "/invoice/edit/:invoiceId",
    head: { title: "Edit invoice", description: "Change a draft invoice." },
    Component: InvoiceNewPage,
    prefetch: invoicing("form"),
  },
  {
    path: "/invoice/list",
    head: { title: "My Invoices", description: "Your invoices and what has been paid." },
    Component: InvoiceListPage,
    prefetch: invoicing("list"),
  },
  {
    path: "/invoice/view/:invoiceId",
    head: { title: "Invoice", description: "An invoice, its payments and documents." },
    Component: InvoiceViewPage,
    prefetch: invoicing("view"),
  },
  {
    path: "/invoice/contractors",
    head: { title: "My Contractors / Clients", description: "The people and companies you bill." },
    Component: ContractorsPage,
    prefetch: invoicing("partners"),
  },
  {
    path: "/invoice/contractors/new",
    head: { title: "New contractor/client", description: "Someone you bill." },
    Component: ContractorFormPage,
    prefetch: invoicing("partners"),
  },
  {
    path: "/invoice/contractors/edit/:partnerId",
    head: { title: "Edit contractor/client", description: "Change someone you bill." },
    Component: ContractorFormPage,
    prefetch: invoicing("partners"),
  },
];

export const notFound: AppRoute = {
  path: "*",
  head: { title: "Dashboard", description: "" },
  redirect: () => "/dashboard",
};

export const Frame = DashboardFrame;
