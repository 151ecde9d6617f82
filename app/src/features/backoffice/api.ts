// The back office's calls (issue 32), under /back-office/api with the staff cookie.
import { queryOptions } from "@tanstack/react-query";
import { ApiError, api, type Schemas } from "../../api/client";
import { Empty } from "../../api/schemas.gen";
import * as B from "../../api/schemas-backOffice.gen";

export type StaffMe = Schemas["StaffMe"];
export type KybCase = Schemas["KybCase"];
export type KybWaiting = Schemas["KybWaiting"];
export type Decision = Schemas["KybDecision"];
export type CustomerRecord = Schemas["CustomerRecord"];
export type ProposalView = Schemas["ProposalView"];
export type BankHealth = Schemas["BankHealth"];
export type FlagView = Schemas["FlagView"];
export type InboxKind = Schemas["InboxKind"];
export type InboxMessage = Schemas["InboxMessage"];
export type InboxChat = Schemas["InboxChat"];
export type SuspenseView = Schemas["SuspenseView"];
export type ReturnedView = Schemas["ReturnedView"];
export type UnmatchedView = Schemas["UnmatchedView"];
export type ReleaseAction = Schemas["ReleaseAction"];
export type Audience = Schemas["Audience"];
export type CampaignView = Schemas["CampaignView"];
export type ContentOverview = Schemas["ContentOverview"];
export type CheckNeedingLook = Schemas["CheckNeedingLook"];
export type MemberOfStaff = Schemas["MemberOfStaff"];

/** The signed-in member of staff; null without a live staff session. */
export const staffQuery = () =>
  queryOptions({
    queryKey: ["back-office", "me"],
    queryFn: async () => {
      try {
        return await api.get("/back-office/api/me", B.StaffMe);
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 401) return null;
        throw caught;
      }
    },
  });

export const healthQuery = () =>
  queryOptions({
    queryKey: ["back-office", "health"],
    queryFn: () => api.get("/back-office/api/health", B.BankHealth),
  });

export const flagsQuery = () =>
  queryOptions({
    queryKey: ["back-office", "flags"],
    queryFn: () => api.get("/back-office/api/flags", B.FlagList),
  });

export const inboxQuery = () =>
  queryOptions({
    queryKey: ["back-office", "inbox"],
    queryFn: () => api.get("/back-office/api/inbox", B.SupportInbox),
  });

export const kybQueueQuery = () =>
  queryOptions({
    queryKey: ["back-office", "kyb"],
    queryFn: () => api.get("/back-office/api/kyb", B.KybQueue),
  });

export const kybCaseQuery = (userId: string) =>
  queryOptions({
    queryKey: ["back-office", "kyb", userId],
    queryFn: () => api.post("/back-office/api/kyb/case", { userId }, B.KybCase),
  });

export const customerSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ["back-office", "customers", query],
    queryFn: () => api.post("/back-office/api/customers/search", { query }, B.CustomersFound),
  });

/** A customer's record, opened with the member's reason (the server logs both). */
export const customerRecordQuery = (userId: string, reason: string) =>
  queryOptions({
    queryKey: ["back-office", "customer", userId, reason],
    // Each fetch is a logged view: the server render's answer is the one the page shows.
    queryFn: () => api.post("/back-office/api/customers/record", { userId, reason }, B.CustomerRecord),
  });

export const proposalsQuery = () =>
  queryOptions({
    queryKey: ["back-office", "proposals"],
    queryFn: () => api.get("/back-office/api/proposals", B.ProposalsWaiting),
  });

export const suspenseQuery = () =>
  queryOptions({
    queryKey: ["back-office", "suspense"],
    queryFn: () => api.get("/back-office/api/suspense", B.SuspenseQueue),
  });

export const returnedQuery = () =>
  queryOptions({
    queryKey: ["back-office", "returned"],
    queryFn: () => api.get("/back-office/api/returned-transfers", B.ReturnedTransfers),
  });

export const cardRefundsQuery = () =>
  queryOptions({
    queryKey: ["back-office", "card-refunds"],
    queryFn: () => api.get("/back-office/api/card-refunds", B.CardRefunds),
  });

export const unmatchedQuery = () =>
  queryOptions({
    queryKey: ["back-office", "unmatched"],
    queryFn: () => api.get("/back-office/api/unmatched-payments", B.UnmatchedPayments),
  });

export const contentQuery = () =>
  queryOptions({
    queryKey: ["back-office", "content"],
    queryFn: () => api.get("/back-office/api/content", B.ContentOverview),
  });

export const identityQueueQuery = () =>
  queryOptions({
    queryKey: ["back-office", "identity"],
    queryFn: () => api.get("/back-office/api/identity-checks", B.IdentityQueue),
  });

export const staffListQuery = () =>
  queryOptions({
    queryKey: ["back-office", "staff"],
    queryFn: () => api.get("/back-office/api/staff", B.MembersOfStaff),
  });

/** Who an enrolment link is for; null when it is used or expired (the page says so). */
export const enrolmentQuery = (token: string) =>
  queryOptions({
    queryKey: ["back-office", "enrolment", token],
    queryFn: async () => {
      try {
        return await api.post("/back-office/api/enrolment/fetch", { token }, B.StaffEnrolment);
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 410) return null;
        throw caught;
      }
    },
  });

export const backOfficeApi = {
  logOut: () => api.post("/back-office/api/log-out", undefined, Empty),
  enrolmentOptions: (token: string) =>
    api.post("/back-office/api/enrolment/options", { token }, B.StaffCeremony),
  enrol: (token: string, ceremonyId: string, credential: Record<string, unknown>) =>
    api.post("/back-office/api/enrolment", { token, ceremonyId, credential }, B.StaffMe),
  logInOptions: (email: string) => api.post("/back-office/api/log-in/options", { email }, B.StaffCeremony),
  logIn: (ceremonyId: string, credential: Record<string, unknown>) =>
    api.post("/back-office/api/log-in", { ceremonyId, credential }, B.StaffMe),
  restrict: (userId: string, reason: string) =>
    api.post("/back-office/api/customers/restrict", { userId, reason }, B.CustomerStatus),
  endSessions: (userId: string, reason: string) =>
    api.post("/back-office/api/customers/sessions/end", { userId, reason }, B.SessionsEnded),
  proposeLift: (userId: string, reason: string) =>
    api.post("/back-office/api/proposals", { kind: "lift_restriction", userId, reason }, B.ProposalMade),
  proposeStaff: (email: string, role: StaffMe["role"], reason: string) =>
    api.post("/back-office/api/proposals", { kind: "add_staff", email, role, reason }, B.ProposalMade),
  proposeRelease: (itemId: string, action: ReleaseAction, iban: string, reason: string) =>
    api.post(
      "/back-office/api/proposals",
      { kind: "release_suspense", itemId, action, iban, reason },
      B.ProposalMade,
    ),
  proposeLimit: (
    profileId: string,
    currency: CustomerRecord["profiles"][number]["limits"][number]["currency"],
    perTransfer: string,
    daily: string,
    reason: string,
  ) =>
    api.post(
      "/back-office/api/proposals",
      { kind: "change_limit", profileId, currency, perTransfer, daily, reason },
      B.ProposalMade,
    ),
  proposeFee: (
    profileId: string,
    scheme: CustomerRecord["profiles"][number]["fees"][number]["scheme"],
    currency: CustomerRecord["profiles"][number]["fees"][number]["currency"],
    fee: string,
    reason: string,
  ) =>
    api.post(
      "/back-office/api/proposals",
      { kind: "change_fee", profileId, scheme, currency, fee, reason },
      B.ProposalMade,
    ),
  matchPayment: (transactionId: string, invoiceId: string, reason: string) =>
    api.post("/back-office/api/unmatched-payments/match", { transactionId, invoiceId, reason }, Empty),
  startPromo: (body: {
    promo: CampaignView["promo"];
    audience: Audience;
    from: string;
    until: string;
    reason: string;
  }) => api.post("/back-office/api/promos", body, B.ContentOverview),
  endPromo: (promo: CampaignView["promo"], reason: string) =>
    api.post("/back-office/api/promos/end", { promo, reason }, B.ContentOverview),
  queueEvent: (body: {
    event: ContentOverview["events"][number];
    email: string;
    audience: Audience;
    reason: string;
  }) => api.post("/back-office/api/events", body, B.EventQueued),
  disableStaff: (staffId: string, reason: string) =>
    api.post("/back-office/api/staff/disable", { staffId, reason }, B.MembersOfStaff),
  setFlag: (name: FlagView["name"], on: boolean | null, reason: string) =>
    api.post("/back-office/api/flags", { name, on, reason }, B.FlagList),
  takeItem: (kind: InboxKind, id: string) =>
    api.post("/back-office/api/inbox/take", { kind, id }, B.SupportInbox),
  answerItem: (kind: InboxKind, id: string, text: string) =>
    api.post("/back-office/api/inbox/answer", { kind, id, text }, B.SupportInbox),
  closeItem: (kind: InboxKind, id: string) =>
    api.post("/back-office/api/inbox/close", { kind, id }, B.SupportInbox),
  decideProposal: (id: string, approve: boolean) =>
    api.post("/back-office/api/proposals/decision", { id, approve }, B.ProposalDecided),
  decide: (userId: string, decision: Decision, note: string | null) =>
    api.post("/back-office/api/kyb/decision", { userId, decision, note }, B.KybDecided),
};
