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
