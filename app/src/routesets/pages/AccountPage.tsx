// The person's details page of the dashboard set: their details and passkeys, a business
// profile's team, and its approval rules.
import { SecurityPage } from "../../features/auth/components/SecurityPage";
import { ApprovalRules } from "../../features/payments/components/ApprovalRules";
import { TeamSection } from "../../features/profiles/components/TeamSection";

export function AccountPage() {
  return (
    <>
      <SecurityPage />
      <TeamSection />
      <ApprovalRules />
    </>
  );
}
