import { describe, expect, it } from "vitest";
import { draftOf, rightsOf, statusTone } from "./access";

describe("a member's access in the form", () => {
  it("reads rights into levels and back, leaving card_order to the server", () => {
    const draft = draftOf({
      role: "cfo",
      occupation: null,
      rights: ["transaction:r", "invoice:rw", "card_order:rw"],
    });
    expect(draft.levels).toMatchObject({ transaction: "r", invoice: "rw", loan: "none" });
    expect(rightsOf(draft)).toEqual(["transaction:r", "invoice:rw"]);
  });

  it("colours statuses as SPEC §4 says", () => {
    expect(statusTone("active")).toBe("green");
    expect(statusTone("in_progress")).toBe("blue");
    expect(statusTone("invitation_pending")).toBe("blue");
    expect(statusTone("invitation_declined")).toBe("red");
    expect(statusTone("invitation_expired")).toBe("red");
  });
});
