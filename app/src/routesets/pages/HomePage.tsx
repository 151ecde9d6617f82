// The dashboard itself: the profile's greeting, transfers waiting for approval, the accounts.
import { AccountsOverview } from "../../features/accounts/components/AccountsOverview";
import { PendingApprovals } from "../../features/payments/components/PendingApprovals";
import { DashboardPage } from "../../features/profiles/components/DashboardPage";

export function HomePage() {
  return (
    <>
      <DashboardPage />
      <PendingApprovals />
      <AccountsOverview />
    </>
  );
}
