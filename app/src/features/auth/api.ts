import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";

export type MfaStep = Schemas["MfaStep"];
/** SPEC §4 "MFA request status". */
export type MfaStatus = Schemas["MfaStatus"];
export type Passkey = Schemas["PasskeyRow"];
export type PasskeyList = Schemas["PasskeyList"];

export const authApi = {
  login: (email: string, password: string, acceptPolicies = false) =>
    api.post("/v2/auth/login", { email, password, acceptPolicies }, S.LoginReply),
  confirmSms: (requestId: string, secret: string) =>
    api.post("/v2/auth/mfa/login", { requestId, method: "sms", secret }, S.Empty),
  confirmPasskey: (requestId: string, credential: Record<string, unknown>) =>
    api.post(
      "/v2/auth/mfa/login",
      { requestId, method: "challenge_proxied", credential, secret: "" },
      S.Empty,
    ),
  passkeyChallenge: (requestId: string) =>
    api.post("/v2/auth/mfa/challenges/take", { requestId }, S.WebAuthnOptions),
  status: (requestId: string) => api.post("/v2/auth/mfa/statuses/take", { requestId }, S.MfaStatusReply),
  resend: (requestId: string, method?: MfaStep["method"]) =>
    api.post("/v2/auth/mfa/resend", { requestId, method }, S.ResendReply),
  logout: () => api.post("/v2/auth/logout", undefined, S.Empty),
  forgot: (email: string) => api.post("/v1/auth/forgot-password", { email }, S.Success),
  reset: (token: string, password: string) =>
    api.post("/v1/auth/reset-password", { password }, S.Done, { token }),
  passkeys: () => api.get("/v2/users/passkeys", S.PasskeyList),
  startEnrolment: () => api.post("/v2/users/passkeys/registrations", undefined, S.WebAuthnOptions),
  finishEnrolment: (credential: Record<string, unknown>) =>
    api.post("/v2/users/passkeys/registrations/finish", { credential }, S.PasskeyList),
  removePasskey: (id: string) => api.delete("/v2/users/passkeys", { id }, S.PasskeyList),
  /** A fresh approval before a change to how the person logs in. */
  startStepUp: () => api.post("/v2/auth/mfa/generate", {}, S.MfaStep),
  confirmStepUp: (requestId: string, secret: string) =>
    api.post("/v2/auth/mfa/verify", { requestId, method: "sms", secret }, S.Empty),
  confirmStepUpWithPasskey: (requestId: string, credential: Record<string, unknown>) =>
    api.post(
      "/v2/auth/mfa/verify",
      { requestId, method: "challenge_proxied", credential, secret: "" },
      S.Empty,
    ),
};

export const passkeysQuery = () => queryOptions({ queryKey: ["passkeys"], queryFn: authApi.passkeys });
