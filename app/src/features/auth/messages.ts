// Messages for the error codes the no-JavaScript log-in redirects carry (the server puts only
// codes in the URL, so no text can be injected through it).
const MESSAGES: Record<string, string> = {
  invalid_credentials: "Incorrect email or password",
  required: "Enter your email and password",
  rate_limited: "Too many attempts. Please try again later.",
  invalid_code: "The code is incorrect",
  mfa_failed: "Too many incorrect codes. Please request a new code.",
  mfa_expired: "Request time is up",
  mfa_closed: "This code can no longer be used. Please log in again.",
  policy_not_accepted: "Please accept the Terms and Conditions and the Privacy policy to continue.",
};

export const loginErrorMessage = (code: string | undefined) => (code ? (MESSAGES[code] ?? null) : null);
