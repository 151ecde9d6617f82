import { describe, expect, it } from "vitest";
import type { Card, CardStatus } from "./api";
import {
  activationProblems,
  chooseCard,
  deliveryStage,
  isTravelling,
  nextLookIn,
  isHolder,
  isManageable,
  limitProblem,
  mayOrder,
  pageCard,
  STATUS_LABELS,
} from "./model";

const card = (id: string, status: CardStatus): Card => ({
  id,
  status,
  statusHint: "",
  panMasked: "•••• 0000",
  holderName: "OLIVIA BENNETT",
  isPrimary: true,
  isCorporate: false,
  userId: "u",
  bankAccountId: "a",
  expiry: "11/29",
  closureReason: null,
  shippingAddress: "",
  nextStepAt: null,
});

describe("card statuses (SPEC §4)", () => {
  it("labels every status, with 'To activate' and 'Issued'", () => {
    expect(STATUS_LABELS.activation_pending).toBe("To activate");
    expect(Object.values(STATUS_LABELS)).toContain("Issued");
    expect(Object.keys(STATUS_LABELS)).toHaveLength(7);
  });

  it("manages only active and inactive cards", () => {
    const all = Object.keys(STATUS_LABELS) as CardStatus[];
    expect(all.filter(isManageable)).toEqual(["active", "inactive"]);
  });

  it("orders only when the server's condition allows one", () => {
    expect(mayOrder("order_allowed")).toBe(true);
    expect(mayOrder("reorder_allowed")).toBe(true);
    expect(mayOrder("order_disallowed")).toBe(false);
    expect(mayOrder("reorder_disallowed")).toBe(false);
    expect(mayOrder("none")).toBe(false);
  });

  it("opens the named card, else the first that is not closed", () => {
    const cards = [card("a", "closed"), card("b", "active"), card("c", "inactive")];
    expect(chooseCard(cards, "c")?.id).toBe("c");
    expect(chooseCard(cards, "zzz")?.id).toBe("b");
    expect(chooseCard(cards, undefined)?.id).toBe("b");
    expect(chooseCard([card("a", "closed")], undefined)?.id).toBe("a");
    expect(chooseCard([], undefined)).toBeUndefined();
  });
});

describe("corporate cards", () => {
  const corporate = { ...card("e", "active"), isCorporate: true, isPrimary: false };
  const cards = [corporate, card("o", "active")];

  it("opens an Account Owner's own card unless a corporate one is asked for", () => {
    expect(pageCard(cards, undefined, "admin")?.id).toBe("o");
    expect(pageCard(cards, "e", "admin")?.id).toBe("e");
    expect(pageCard([corporate], undefined, "admin")).toBeUndefined();
    // Anyone else sees only their own cards, corporate ones included.
    expect(pageCard([corporate], undefined, "card_user")?.id).toBe("e");
  });

  it("leaves activation and details to the holder, not the Account Owner", () => {
    expect(isHolder(corporate, "admin")).toBe(false);
    expect(isHolder(corporate, "card_user")).toBe(true);
    expect(isHolder(card("o", "active"), "admin")).toBe(true);
  });
});

describe("the limits form", () => {
  it("takes pounds with at most two decimals, up to the ceiling", () => {
    expect(limitProblem("250", "5000.00")).toBeNull();
    expect(limitProblem("1,250.50", "5000.00")).toBeNull();
    expect(limitProblem("5000.00", "5000.00")).toBeNull();
    expect(limitProblem("0", "5000.00")).toBeNull();
  });

  it("answers the messages the server answers", () => {
    expect(limitProblem("", "5000.00")).toBe("Field is required");
    expect(limitProblem("12.345", "5000.00")).toBe("Please, select right amount");
    expect(limitProblem("-5", "5000.00")).toBe("Please, select right amount");
    expect(limitProblem("abc", "5000.00")).toBe("Please, select right amount");
    expect(limitProblem("5000.01", "5000.00")).toBe("The limit can be at most £5,000.00");
    expect(limitProblem("10000", "7500")).toBe("The limit can be at most £7,500.00");
  });
});

describe("the activation form", () => {
  it("needs four digits and a four-digit PIN typed twice", () => {
    expect(activationProblems("1234", "4829", "4829")).toEqual({});
    expect(activationProblems("", "", "")).toEqual({
      lastDigits: "Field is required",
      pin: "Field is required",
    });
    expect(activationProblems("12a4", "48", "48")).toEqual({
      lastDigits: "Enter the last 4 digits",
      pin: "The PIN must contain 4 digits",
    });
    expect(activationProblems("1234", "4829", "4830")).toEqual({ confirm: "The PINs do not match" });
  });
});

describe("delivery tracker", () => {
  it("places each status of a new card on its way, and none once it is in use", () => {
    expect(deliveryStage("draft")).toBe(0);
    expect(deliveryStage("order_pre_processing")).toBe(1);
    expect(deliveryStage("in_delivery")).toBe(2);
    expect(deliveryStage("activation_pending")).toBe(3);
    for (const status of ["active", "inactive", "closed"] as const) expect(deliveryStage(status)).toBeNull();
  });

  it("asks again only while the bank, not the holder, moves the card on", () => {
    expect(isTravelling("draft")).toBe(true);
    expect(isTravelling("in_delivery")).toBe(true);
    // Arrived: only the holder's activation moves it on.
    expect(isTravelling("activation_pending")).toBe(false);
    expect(isTravelling("active")).toBe(false);
  });
});

describe("nextLookIn", () => {
  const now = Date.parse("2026-11-26T10:00:00Z");
  const travelling = (status: CardStatus, nextStepAt: string | null) => ({ status, nextStepAt });

  it("asks just after the earliest step the server announced", () => {
    const cards = [
      travelling("draft", "2026-11-26T10:00:20Z"),
      travelling("in_delivery", "2026-11-26T10:00:05Z"),
    ];
    expect(nextLookIn(cards, now)).toBe(5_700);
  });

  it("never asks sooner than a second, nor later than a minute", () => {
    expect(nextLookIn([travelling("draft", "2026-11-26T09:59:00Z")], now)).toBe(1_000);
    expect(nextLookIn([travelling("draft", "2026-11-27T10:00:00Z")], now)).toBe(60_000);
  });

  it("does not ask when nothing travels", () => {
    expect(nextLookIn([travelling("active", null), travelling("activation_pending", null)], now)).toBe(false);
  });
});
