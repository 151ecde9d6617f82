import { queryOptions } from "@tanstack/react-query";
import type { LinkKeys } from "../../lib/linkKeys";
import { api, type BodyOf, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";

export type Country = Schemas["Country"];
/** SPEC §3 "User". */
export type User = Schemas["UserDetails"];
/** SPEC §3 "KYC status response". */
export type KycStatus = Schemas["KycStatusReply"];
/** SPEC §3 "Address search result". */
export type AddressMatch = Schemas["AddressMatch"];

// SPEC §9: countries are cached forever.
export { countriesQuery } from "../../api/countries";

export const userQuery = () =>
  queryOptions({ queryKey: ["user"], queryFn: () => api.post("/v2/users/take", undefined, S.UserDetails) });

export const kycStatusQuery = () =>
  queryOptions({
    queryKey: ["kyc-status"],
    queryFn: () => api.get("/v1/users/kyc/status-v3", S.KycStatusReply),
  });

export const signupApi = {
  sendEmailCode: (email: string) => api.post("/v1/auth/send-verification-email-v2", { email }, S.Success),
  verifyEmail: (email: string, code: string) =>
    api.post("/v1/auth/verify-email-v2", { email, code }, S.Success),
  createUser: (
    password: string,
    onboardingFlow: Schemas["OnboardingFlow"],
    invitation?: { token: string; acceptPolicies: boolean },
    keys?: LinkKeys,
  ) =>
    api.post(
      "/v2/users",
      {
        password,
        onboardingFlow,
        invitationToken: invitation?.token ?? null,
        acceptPolicies: invitation?.acceptPolicies ?? false,
        ...keys,
      },
      S.Empty,
    ),
  /** Where the person is in the wizard, for another device (SPEC §7). A lost answer only means
   * another device resumes from what the data says. */
  keepStep: (state: "personal_details" | "personal_address") =>
    api.patch("/v1/users/registration/state", { state }, S.Success).catch(() => undefined),
  updateUser: (payload: BodyOf<"/v2/users", "patch">) => api.patch("/v2/users", payload, S.UserDetails),
  searchAddresses: (postalCode: string) =>
    api.post("/v2/countries/addresses/search", { postalCode }, S.AddressResults),
};

/** SPEC §3 "Business creation", as saved by the wizard. */
export type BusinessData = Schemas["BusinessData"];
export type Choice = Schemas["Choice"];
export type AccountUsage = Schemas["AccountUsage"];

export const onboardingQuery = () =>
  queryOptions({
    queryKey: ["onboarding"],
    queryFn: () => api.post("/v2/onboardings/take", undefined, S.OnboardingReply),
  });

export const accountUsageQuery = () =>
  queryOptions({
    queryKey: ["account-usage"],
    queryFn: () => api.get("/v1/utils/account-usage", S.AccountUsage),
    staleTime: Number.POSITIVE_INFINITY,
  });

export { businessTypesQuery } from "../../api/businessTypes";

export const onboardingApi = {
  save: (step: number, data: BusinessData) => api.put("/v2/onboardings", { step, data }, S.OnboardingReply),
  submit: () => api.patch("/v2/onboardings", undefined, S.KycStatusReply),
  setTelephone: (telephone: string) => api.patch("/v1/users/telephone", { telephone }, S.UserDetails),
  sendPhoneCode: () => api.get("/v1/auth/send-verification-sms-auth", S.Success),
  /** Back one step, to the personal details (only where the flow allows it: `mayGoBack`). */
  stepBack: () => api.post("/v1/users/kyc/back", undefined, S.KycStatusReply),
  verifyPhoneCode: (code: string) => api.post("/v1/auth/verify-sms-auth", { code }, S.Success),
};

export type CompanyMatch = Schemas["CompanyMatch"];

export const searchCompanies = (searchKeyword: string) =>
  api.post("/v2/companies/search", { searchKeyword }, S.CompanyResults);

/** An access token for the identity widget; refetched when the widget reports it expired. */
export const identityAccessQuery = () =>
  queryOptions({
    queryKey: ["identity-access"],
    queryFn: () => api.post("/v2/identity/access-tokens", undefined, S.WidgetAccess),
    staleTime: 0,
  });

export const identityApi = {
  agree: () => api.post("/v2/identity/agreement", { accepted: true }, S.Empty),
};

export type Fee = Schemas["FeeReply"];

export const feeQuery = () =>
  queryOptions({
    queryKey: ["registration-fee"],
    queryFn: () => api.post("/v2/account-profiles/registration-fees/take", undefined, S.FeeReply),
  });

export const activationApi = {
  /** Declines a further personal account at its fee, back to the accounts already open. */
  cancel: () => api.post("/v2/account-profiles/registration-fees/cancel", undefined, S.KycStatusReply),
  order: (method: Schemas["FeeMethod"]) =>
    api.post("/v2/account-profiles/registration-fees/order", { method }, S.FeeReply),
  walletInitiate: () =>
    api.post(
      "/v2/account-profiles/registration-fees/wallet-pay/initiate",
      { walletType: "apple-pay" },
      S.WalletSession,
    ),
  walletProcess: (token: Record<string, unknown>) =>
    api.post(
      "/v2/account-profiles/registration-fees/wallet-pay/process",
      { walletType: "apple-pay", token },
      S.FeeReply,
    ),
  additionalInfo: (text: string) => api.post("/v2/onboardings/additional-info", { text }, S.Empty),
};

/** The sign-up's steps, counted by the step indicator of both its pages. Here, in the module
 * both pages load anyway, so the personal details page does not pull in the registration
 * page's code (2 KiB of the invited set's first load) for five words. */
export const REGISTRATION_STEPS = [
  "Account Registration",
  "Email Verification",
  "Password",
  "Personal details",
  "Personal address",
] as const;
