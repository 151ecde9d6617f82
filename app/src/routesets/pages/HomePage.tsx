// The dashboard itself: the greeting, transfers waiting for approval, the money with its quick
// actions, and recent activity.
import { AccountsOverview } from "../../features/accounts/components/AccountsOverview";
import { PendingApprovals } from "../../features/payments/components/PendingApprovals";
import { DashboardPage } from "../../features/profiles/components/DashboardPage";
import { QuickActions } from "../../layouts/QuickActions";

export function HomePage() {
  return (
    <>
      <DashboardPage />
      <PendingApprovals />
      <AccountsOverview actions={<QuickActions />} />
    </>
  );
}
