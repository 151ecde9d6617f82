/** What a refused plain-form transfer says, by the code the server answers with. */
export function plainFormError(code: string): string {
  const messages: Record<string, string> = {
    amount: "Select right amount",
    required: "Check the highlighted fields: every field is required",
    invalid_code: "The code is incorrect",
    mfa_expired: "Request time is up",
    limit_exceeded: "This transfer is over your limit",
    rate_limited: "Too many attempts. Please try again later.",
    account_restricted: "Your account is temporarily restricted: payments cannot be sent.",
    onboarding_incomplete: "Please finish joining your team first.",
    account_not_ready: "Your account is not open yet. Please finish opening it first.",
    forbidden: "You are not allowed to do this",
    payee_not_confirmed:
      "The name on the account is not the one you entered. Tick the box if you have checked the details and still want to pay this account.",
    scheme_unavailable: "Payments to other banks are not available at the moment.",
    provider_unavailable: "We cannot send you a code at the moment. Please try again later.",
    name: "Check the highlighted field",
    ukSortCode: "Check the highlighted field",
    ukAccountNumber: "Check the highlighted field",
    reference: "Check the highlighted field",
  };
  return messages[code] ?? "The transfer could not be made. Please check it and try again.";
}
