// What the card screens show and allow, from SPEC §4 (card status, which are manageable, ordering
// rules) and §8 (closure labels). The server decides each of these again; this only mirrors it.
import type { Tone } from "../../ui/StatusChip";
import type { Card, CardReferralProgram, CardStatus, ClosureReason, LimitType, OrderCondition } from "./api";

/** SPEC §4 card status labels; 'Issued' is the card being made after the order is accepted. */
export const STATUS_LABELS: Record<CardStatus, string> = {
  draft: "Ordered",
  order_pre_processing: "Issued",
  in_delivery: "In delivery",
  activation_pending: "To activate",
  active: "Active",
  inactive: "Frozen",
  closed: "Closed",
};

/** The colour of a card's status: green pays, blue on its way, amber waits for the holder
 * (to activate, or frozen), grey closed. */
export const STATUS_TONES: Record<CardStatus, Tone> = {
  draft: "blue",
  order_pre_processing: "blue",
  in_delivery: "blue",
  activation_pending: "amber",
  active: "green",
  inactive: "amber",
  closed: "grey",
};

/** A new card's way to its holder (SPEC §4's first four statuses), as the tracker names it. */
export const DELIVERY_STAGES: { status: CardStatus; label: string }[] = [
  { status: "draft", label: "Ordered" },
  { status: "order_pre_processing", label: "Being made" },
  { status: "in_delivery", label: "On its way" },
  { status: "activation_pending", label: "Arrived" },
];

/** Where a card is on its way (index into DELIVERY_STAGES), or null once it is in use. */
export function deliveryStage(status: CardStatus): number | null {
  const index = DELIVERY_STAGES.findIndex((stage) => stage.status === status);
  return index < 0 ? null : index;
}

/** A card the bank is still making or sending: its status changes without the holder doing
 * anything, so the page asks again while it is open (the sandbox takes a step every 20 s). */
export function isTravelling(status: CardStatus): boolean {
  const stage = deliveryStage(status);
  return stage !== null && stage < DELIVERY_STAGES.length - 1;
}

/**
 * When the cards page should ask again for news of travelling cards, in ms from `now`, or
 * false when none travels: just after the earliest next step the server announced (its job
 * looks every half second), never sooner than 1 s nor later than a minute.
 */
export function nextLookIn(
  cards: readonly Pick<Card, "status" | "nextStepAt">[],
  now: number,
): number | false {
  const due = cards
    .filter((card) => isTravelling(card.status))
    .map((card) => (card.nextStepAt ? Date.parse(card.nextStepAt) - now + 700 : 60_000));
  if (due.length === 0) return false;
  return Math.min(60_000, Math.max(1_000, Math.min(...due)));
}

/** SPEC §4: only active and inactive cards are managed (freeze, limits, details, close). */
export function isManageable(status: CardStatus): boolean {
  return status === "active" || status === "inactive";
}

/** SPEC §4: ordering is disallowed when the condition is order_disallowed and no card of the
 * holder is active or inactive; the server's condition already says whether another may come. */
export function mayOrder(condition: OrderCondition): boolean {
  return condition === "order_allowed" || condition === "reorder_allowed";
}

/** SPEC §8 closure labels, in the order the form offers them. */
export const CLOSURE_REASONS: { value: ClosureReason; label: string }[] = [
  { value: "lost", label: "Card was lost" },
  { value: "stolen", label: "Card was stolen" },
  { value: "closed", label: "I don't need the card anymore" },
];

/** SPEC §2 card controls, by the limit type each one governs. */
export const CONTROL_LABELS: Record<LimitType, string> = {
  online_purchase: "Online payments",
  atm_cash_withdrawal: "ATM withdrawals",
  contactless_payment: "Contactless",
};

/** The card a page opens: the one named in the query, else the first live one, else the first. */
export function chooseCard(cards: readonly Card[], wanted: string | undefined): Card | undefined {
  return (
    cards.find((card) => card.id === wanted) ?? cards.find((card) => card.status !== "closed") ?? cards[0]
  );
}

/**
 * A daily limit typed as pounds: an error message, or null when it can be sent. The server
 * checks it again and answers the same messages.
 */
export function limitProblem(text: string, ceiling: string): string | null {
  const value = text.trim().replaceAll(",", "");
  if (value === "") return "Field is required";
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return "Please, select right amount";
  if (toPence(value) > toPence(ceiling)) return `The limit can be at most £${formatPounds(ceiling)}`;
  return null;
}

/** Exact pence of a decimal string (never through floating point). */
function toPence(decimal: string): bigint {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
}

function formatPounds(decimal: string): string {
  const pence = toPence(decimal);
  const whole = (pence / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole}.${(pence % 100n).toString().padStart(2, "0")}`;
}

/** The perks of the card (SPEC §2 Cards perks, §9 figures); each has a mobile page. */
export interface Perk {
  path: string;
  title: string;
  summary: string;
  details: string[];
}

export const PERKS: Perk[] = [
  {
    path: "concierge",
    title: "Concierge support",
    summary: "A concierge team for travel, restaurants and events, reached through support.",
    details: [
      "Ask our support team for bookings and arrangements; they pass your request to the concierge.",
      "Available to holders of an active card.",
    ],
  },
  {
    path: "airport",
    title: "Skip airport queues",
    summary: "Fast-track security lanes at partner airports.",
    details: ["Show your active card at the fast-track lane of a partner airport."],
  },
  {
    path: "roaming",
    title: "Roaming",
    summary: "3x1GB per year roaming plus 15% off extra data.",
    details: ["Three 1GB roaming data packs every year.", "15% off any extra data you buy abroad."],
  },
  {
    path: "discounts",
    title: "Discounts",
    summary: "Discounts with partner merchants when you pay by card.",
    details: ["The discount is applied at the partner's checkout when you pay with your card."],
  },
  {
    path: "cashback",
    title: "Travel cash-back",
    summary: "Up to 35% cash-back on business travel.",
    details: ["Up to 35% of the price of business travel paid with your card comes back to your account."],
  },
];

export type ActivationFields = Partial<Record<"lastDigits" | "pin" | "confirm", string>>;

/** The checks the server makes again: four digits, a four-digit PIN typed twice. */
export function activationProblems(lastDigits: string, pin: string, confirm: string): ActivationFields {
  const problems: ActivationFields = {};
  if (lastDigits.trim() === "") problems.lastDigits = "Field is required";
  else if (!/^\d{4}$/.test(lastDigits.trim())) problems.lastDigits = "Enter the last 4 digits";
  if (pin.trim() === "") problems.pin = "Field is required";
  else if (!/^\d{4}$/.test(pin.trim())) problems.pin = "The PIN must contain 4 digits";
  if (confirm.trim() !== pin.trim()) problems.confirm = "The PINs do not match";
  return problems;
}

/** The card the cards page opens: the one asked for, else the viewer's own first live card. An
 * Account Owner's list of their own cards leaves out the company's corporate cards. */
export function pageCard(
  cards: readonly Card[],
  wanted: string | undefined,
  accessRole: string,
): Card | undefined {
  const owner = accessRole === "admin";
  const corporate = cards.find((card) => owner && card.isCorporate && card.id === wanted);
  return corporate ?? chooseCard(owner ? cards.filter((card) => !card.isCorporate) : cards, wanted);
}

/** Whether the viewer holds `card`: an Account Owner sees the company's corporate cards but
 * does not hold them (only the holder activates one or sees its details). */
export function isHolder(card: Pick<Card, "isCorporate">, accessRole: string): boolean {
  return !(card.isCorporate && accessRole === "admin");
}

/** SPEC §3 referral states, as a referrer reads them. */
export const REFERRAL_LABELS: Record<CardReferralProgram["referrals"][number]["state"], string> = {
  pending: "Joined: waiting for their first card",
  active: "Card activated: reward on its way",
  rewarded: "Rewarded",
};
