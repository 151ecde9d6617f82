import { Link } from "react-router";
import { useApp } from "../lib/appContext";
import { useAccessFacts } from "../lib/useAccessFacts";
import { Icon, type IconName } from "../ui/Icon";
import { menuFor } from "./menu";

// The dashboard's quick actions beside the balances (issue 28 point 3), from the menu's own
// table so they follow the same SPEC §6 rules; an action the person may not use is not shown.
const ACTIONS: { menu: string; label: string; icon: IconName }[] = [
  { menu: "Send money", label: "Send", icon: "send" },
  { menu: "Currency exchange", label: "Exchange", icon: "exchange" },
  { menu: "Account details", label: "Add money", icon: "plus" },
  { menu: "Generate Statement", label: "Statement", icon: "statement" },
];

export function QuickActions() {
  const { layout } = useApp();
  const facts = useAccessFacts();
  const items = menuFor(facts, "desktop");
  // The phone has no account details page: they open on the dashboard itself.
  const shown = ACTIONS.flatMap((action) => {
    const item = items.find((candidate) => candidate.label === action.menu && candidate.enabled);
    if (!item) return [];
    const to = layout === "mobile" && action.menu === "Account details" ? "/dashboard?details=open" : item.to;
    return [{ ...action, to }];
  });
  if (shown.length === 0) return null;
  return (
    <nav className="quick-actions" aria-label="Quick actions">
      {shown.map((action) => (
        <Link key={action.label} to={action.to} className="quick-action">
          <span className="quick-action-icon">
            <Icon name={action.icon} size={22} />
          </span>
          {action.label}
        </Link>
      ))}
    </nav>
  );
}
