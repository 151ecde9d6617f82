import { describe, expect, it } from "vitest";
import type { StaffMe } from "./api";
import { areasFor } from "./duties";

const member = (role: StaffMe["role"], duties: string[]): StaffMe => ({
  email: "x@harbour.example",
  role,
  duties,
});

describe("areasFor", () => {
  it("shows each role only the areas its duties open, each once", () => {
    const paths = (m: StaffMe) => areasFor(m).map((area) => area.path);
    expect(paths(member("support", ["any", "read_customers", "answer_messages"]))).toEqual([
      "/back-office/customers",
      "/back-office/inbox",
    ]);
    expect(paths(member("compliance", ["any", "read_customers", "decide_onboarding", "restrict"]))).toEqual([
      "/back-office/customers",
      "/back-office/kyb",
      "/back-office/identity",
      "/back-office/approvals",
    ]);
    expect(paths(member("operations", ["any", "read_customers", "payments", "content"]))).toEqual([
      "/back-office/customers",
      "/back-office/payments",
      "/back-office/content",
      "/back-office/approvals",
    ]);
    expect(paths(member("admin", ["any", "manage_staff", "flags"]))).toEqual([
      "/back-office/approvals",
      "/back-office/settings",
      "/back-office/staff",
    ]);
  });
});
