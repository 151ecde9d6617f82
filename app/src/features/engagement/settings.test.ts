import { describe, expect, it } from "vitest";
import { firstEvent, without } from "./settings";

const settings = (events: string[]) => [
  { name: "events", value: events },
  { name: "surveys", value: [] },
];

describe("system events", () => {
  it("shows the first queued event this app knows", () => {
    expect(firstEvent(settings(["cardShippingAddress", "openBankingSurvey"]))).toBe("cardShippingAddress");
    expect(firstEvent(settings(["somethingNewer", "openBankingSurvey"]))).toBe("openBankingSurvey");
    expect(firstEvent(settings([]))).toBeNull();
    expect(firstEvent(undefined)).toBeNull();
  });

  it("puts an event aside by sending the queue without it", () => {
    expect(without(settings(["cardShippingAddress", "openBankingSurvey"]), "cardShippingAddress")).toEqual([
      "openBankingSurvey",
    ]);
    expect(without(undefined, "openBankingSurvey")).toEqual([]);
  });
});

describe("a survey's required questions", async () => {
  const { missing } = await import("./components/SurveyEvent");
  const form = {
    name: "openBankingSurvey" as const,
    title: "t",
    intro: "i",
    questions: [
      { id: "one", label: "One", kind: "single" as const, required: true, options: [] },
      { id: "many", label: "Many", kind: "multiple" as const, required: true, options: [] },
      { id: "note", label: "Note", kind: "text" as const, required: false, options: [] },
    ],
  };
  it("asks for every required answer and nothing else", () => {
    expect(missing(form, {})).toEqual({ one: "Field is required", many: "Field is required" });
    expect(missing(form, { one: "a", many: [] })).toEqual({ many: "Field is required" });
    expect(missing(form, { one: "a", many: ["b"] })).toEqual({});
  });
});
