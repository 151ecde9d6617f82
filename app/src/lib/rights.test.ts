import { describe, expect, it } from "vitest";
import { paysTransactions, readsTransactions } from "./rights";

describe("transaction rights (SPEC §6)", () => {
  it("admin reads and pays; rights decide for the others", () => {
    expect(paysTransactions({ accessRole: "admin", accessRights: [] })).toBe(true);
    expect(readsTransactions({ accessRole: "accountant", accessRights: ["transaction:r"] })).toBe(true);
    expect(paysTransactions({ accessRole: "accountant", accessRights: ["transaction:r"] })).toBe(false);
    expect(paysTransactions({ accessRole: "director", accessRights: ["transaction:rw"] })).toBe(true);
    expect(readsTransactions({ accessRole: "card_user", accessRights: ["transaction:rw"] })).toBe(false);
  });
});
