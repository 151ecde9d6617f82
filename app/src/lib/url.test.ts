import { describe, expect, it } from "vitest";
import { parseQuery, splitUrl } from "./url";

describe("url helpers", () => {
  it("splits a path from its query and drops the fragment", () => {
    expect(splitUrl("/reset-password?token=a%2Bb#x")).toEqual({
      pathname: "/reset-password",
      search: "?token=a%2Bb",
    });
    expect(splitUrl("")).toEqual({ pathname: "/", search: "" });
  });

  it("parses a query, keeping the first of repeated keys and surviving bad escapes", () => {
    expect(parseQuery("?token=a%2Bb&x=1&x=2&flag&bad=%E0%A4%A")).toEqual({
      token: "a+b",
      x: "1",
      flag: "",
      bad: "%E0%A4%A",
    });
  });
});
