import { useApp } from "../lib/appContext";
import { useAccessFacts } from "../lib/useAccessFacts";
import { useLinkClicks } from "../routing/linkClicks";
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
  // Plain links under one handler, as the menu's (linkClicks.ts): a <Link> each cost more.
  const onClick = useLinkClicks();
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
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click that bubbles here
    <nav className="quick-actions" aria-label="Quick actions" onClick={onClick}>
      {shown.map((action) => (
        <a key={action.label} href={action.to} className="quick-action">
          <span className="quick-action-icon">
            <Icon name={action.icon} size={22} />
          </span>
          {action.label}
        </a>
      ))}
    </nav>
  );
}
