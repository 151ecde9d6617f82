// SPEC §3 "Team member": admin is shown as Account Owner.
const ROLE_LABELS: Record<string, string> = {
  admin: "Account Owner",
  director: "Director",
  cfo: "CFO",
  accountant: "Accountant",
  custom: "Custom",
  card_user: "Card user",
  user: "User",
};

export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;

/** What an invitation offers, in a sentence: a place in the team, or a corporate card. */
export function invitationOffer(invitation: {
  profileName: string;
  role: string;
  occupation?: string | null;
  purpose: "team" | "card";
}): string {
  if (invitation.purpose === "card") return `${invitation.profileName} is giving you a corporate card.`;
  const position =
    invitation.role === "custom" && invitation.occupation
      ? invitation.occupation
      : roleLabel(invitation.role);
  return `${invitation.profileName} invited you to join its team as ${position}.`;
}
