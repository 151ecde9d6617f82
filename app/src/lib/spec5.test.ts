// SPEC §5's rules in the app, against the fixture the server's tests read too
// (tests/fixtures/spec5-rules.json): one set of inputs, one set of messages, both sides.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { birthDateError, confirmationError, emailError, passwordError } from "./validation";

interface Case {
  error: string | null;
  [key: string]: string | null;
}

const fixture = JSON.parse(
  readFileSync(new URL("../../../tests/fixtures/spec5-rules.json", import.meta.url), "utf8"),
) as Record<string, Case[]> & { today: string };
const expected = (c: Case) => c.error ?? undefined;
const text = (c: Case, key: string) => c[key] ?? "";

describe("SPEC §5 rules shared with the server", () => {
  it("emails", () => {
    for (const c of fixture.email ?? [])
      expect(emailError(text(c, "input")), JSON.stringify(c)).toBe(expected(c));
  });
  it("passwords and their confirmation", () => {
    for (const c of fixture.password ?? [])
      expect(passwordError(text(c, "input")), JSON.stringify(c)).toBe(expected(c));
    for (const c of fixture.confirmation ?? [])
      expect(confirmationError(text(c, "password"), text(c, "confirmation")), JSON.stringify(c)).toBe(
        expected(c),
      );
  });
  it("birth dates", () => {
    const today = new Date(`${fixture.today}T00:00:00Z`);
    for (const c of fixture.birthDate ?? [])
      expect(
        birthDateError(text(c, "day"), text(c, "month"), text(c, "year"), today),
        JSON.stringify(c),
      ).toBe(expected(c));
  });
});
