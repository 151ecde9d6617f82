import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";
import * as F from "../../api/schemas-cards.gen";
import { chooseShipping, type ShippingAddress, type ShippingType } from "../../api/shipping";

/** SPEC §3 "Card" and its lists. */
export type Card = Schemas["CardView"];
export type CardStatus = Schemas["CardStatus"];
export type OrderCondition = Schemas["OrderCondition"];
export type ClosureReason = Schemas["ClosureReason"];
export type LimitType = Schemas["LimitType"];
export type CardLimits = Schemas["CardLimits"];
export type LimitView = Schemas["LimitView"];
export type Hold = Schemas["HoldView"];
export type { ShippingAddress, ShippingType } from "../../api/shipping";
export { shippingQuery } from "../../api/shipping";
export type CardDetails = Schemas["CardDetails"];
export type MfaStep = Schemas["MfaStep"];
export type GivenCard = Schemas["GivenCard"];
export type CardReferralProgram = Schemas["CardReferralProgram"];

export const cardsQuery = () =>
  queryOptions({ queryKey: ["cards"], queryFn: () => api.post("/v2/cards/fetch", undefined, F.CardList) });

export const limitsQuery = (cardId: string) =>
  queryOptions({
    queryKey: ["cards", cardId, "limits"],
    queryFn: () => api.post("/v2/cards/limits/fetch", { cardId }, F.CardLimits),
  });

/** SPEC §7 Authorizations, §9: card holds 20 at a time. */
export const holdsQuery = (cardId: string) =>
  queryOptions({
    queryKey: ["cards", cardId, "holds"],
    queryFn: () => api.post("/v2/authorizations/fetch", { page: 1, limit: 20, cardId }, F.HoldsPage),
  });

/** A card's own transactions (SPEC §7 cardId filter), newest first. */
export const cardTransactionsQuery = (cardId: string) =>
  queryOptions({
    queryKey: ["transactions", "card", cardId],
    queryFn: () => api.post("/v2/transactions/fetch", { page: 1, limit: 50, cardId }, S.TransactionPage),
  });

export const cardsApi = {
  order: () => api.post("/v2/cards/order", undefined, F.CardView),
  chooseShipping,
  activate: (cardId: string, lastDigits: string, pin: string) =>
    api.patch("/v2/cards/status", { cardId, action: "activate", lastDigits, pin }, F.CardView),
  freeze: (cardId: string, frozen: boolean) =>
    api.patch("/v2/cards/status", { cardId, action: frozen ? "freeze" : "unfreeze" }, F.CardView),
  close: (cardId: string, reason: ClosureReason, requestId: string) =>
    api.patch("/v2/cards/status", { cardId, action: "close", reason, requestId }, F.CardView),
  unblockPin: (cardId: string) => api.post("/v2/cards/pin/unblock", { cardId }, S.Empty),
  setLimit: (cardId: string, type: LimitType, change: { enabled?: boolean; dailyLimit?: string }) =>
    api.patch("/v2/cards/limits", { cardId, type, ...change }, F.CardLimits),
  /** An approval bound to this card, by SMS (SPEC §3 purposes card_details, card_closure). */
  approve: (purpose: "card_details" | "card_closure", cardId: string) =>
    api.post("/v2/auth/mfa/generate", { purpose, method: "sms", cardId }, S.MfaStep),
  confirmSms: (requestId: string, secret: string) =>
    api.post("/v2/auth/mfa/verify", { requestId, method: "sms", secret }, S.Empty),
  details: (cardId: string, requestId: string) =>
    api.post("/v2/cards/details/take", { cardId, requestId }, F.CardDetails),
};

/** Corporate cards the signed-in person was given (the card set's page). */
export const givenCardsQuery = () =>
  queryOptions({
    queryKey: ["cards", "given"],
    queryFn: () => api.post("/v2/invitations/cards/status", undefined, F.GivenCards),
  });

/** The company's addresses a corporate card can go to. */
export const companyAddressesQuery = () =>
  queryOptions({
    queryKey: ["cards", "company-addresses"],
    queryFn: () => api.post("/v2/invitations/cards/shipping-addresses", undefined, F.CardShippingOptions),
  });

/** The company's invitations, corporate card ones among them. */
export const sentInvitationsQuery = () =>
  queryOptions({
    queryKey: ["invitations", "inviter"],
    queryFn: () => api.post("/v2/invitations/fetch", { side: "inviter" }, S.InvitationList),
  });

export interface CardInvite {
  name: string;
  email: string;
  agreement: boolean;
  shippingType: ShippingType;
  shippingAddress?: ShippingAddress;
}

export const corporateApi = {
  invite: (form: CardInvite) => api.post("/v2/invitations", { ...form, purpose: "card" }, S.InvitationView),
  /** The employee's own corporate card. */
  activate: (cardId: string, lastDigits: string, pin: string) =>
    api.patch("/v2/invitations/cards/status", { cardId, action: "activate", lastDigits, pin }, F.CardView),
  freeze: (cardId: string, frozen: boolean) =>
    api.patch("/v2/invitations/cards/status", { cardId, action: frozen ? "freeze" : "unfreeze" }, F.CardView),
};

/** The card referral programme: the customer's link, the reward and their referrals. */
export const referralProgramQuery = () =>
  queryOptions({
    queryKey: ["cards", "referral-program"],
    queryFn: () => api.post("/v2/cards/referral-programs", undefined, F.CardReferralProgram),
  });
