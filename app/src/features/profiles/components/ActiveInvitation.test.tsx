import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { myInvitationsQuery } from "../api";
import { ActiveInvitation } from "./ActiveInvitation";

const invitation = {
  id: "i1",
  reference: "INV-1",
  name: "Carl Price",
  email: "carl@example.com",
  state: "invitation_pending" as const,
  role: "cfo" as const,
  occupation: null,
  rights: ["transaction:r"],
  profileName: "Bennett & Hale Trading Ltd",
  expiresAt: "2026-11-30T12:00:00Z",
  purpose: "team" as "team" | "card",
};

function render(results: (typeof invitation)[]) {
  const client = new QueryClient();
  client.setQueryData(myInvitationsQuery().queryKey, { results });
  return renderToString(
    <QueryClientProvider client={client}>
      <ActiveInvitation />
    </QueryClientProvider>,
  );
}

describe("the active-invitation modal (SPEC §2)", () => {
  it("shows the first open invitation, to accept or decline", () => {
    const html = render([invitation, { ...invitation, id: "i2", profileName: "Other Ltd" }]);
    expect(html).toContain("Bennett &amp; Hale Trading Ltd invited you to join its team as CFO.");
    expect(html).not.toContain("Other Ltd");
    expect(html).toContain(">Accept</button>");
    expect(html).toContain(">Decline</button>");
  });

  it("names a custom position by its occupation, and shows nothing without an invitation", () => {
    expect(render([{ ...invitation, role: "custom" as never, occupation: "Bookkeeper" as never }])).toContain(
      "as Bookkeeper.",
    );
    expect(render([])).toBe("");
  });

  it("offers a corporate card when the invitation gives one", () => {
    expect(render([{ ...invitation, role: "card_user" as never, purpose: "card" }])).toContain(
      "Bennett &amp; Hale Trading Ltd is giving you a corporate card.",
    );
  });
});
