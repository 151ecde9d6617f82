import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";

export interface MfaStep {
  method: "sms" | "challenge_proxied";
  requestId: string;
  lastDigits: string;
}

/** SPEC §4 "MFA request status". */
export type MfaStatus = "pending" | "verified" | "utilized" | "failed" | "expired" | "declined";

export interface Passkey {
  id: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface PasskeyList {
  results: Passkey[];
  mfaMethod: string;
}

export const authApi = {
  login: (email: string, password: string) =>
    api.post<{ mfa?: MfaStep }>("/v2/auth/login", { email, password }),
  confirmSms: (requestId: string, secret: string) =>
    api.post<{ accessToken: string }>("/v2/auth/mfa/login", { requestId, method: "sms", secret }),
  confirmPasskey: (requestId: string, credential: unknown) =>
    api.post<{ accessToken: string }>("/v2/auth/mfa/login", {
      requestId,
      method: "challenge_proxied",
      credential,
    }),
  passkeyChallenge: (requestId: string) =>
    api.post<{ publicKey: PublicKeyCredentialRequestOptionsJSON }>("/v2/auth/mfa/challenges/take", {
      requestId,
    }),
  status: (requestId: string) =>
    api.post<{ requestId: string; status: MfaStatus }>("/v2/auth/mfa/statuses/take", { requestId }),
  resend: (requestId: string, method?: MfaStep["method"]) =>
    api.post<{ mfa: MfaStep; message: string }>("/v2/auth/mfa/resend", { requestId, method }),
  logout: () => api.post<Record<string, never>>("/v2/auth/logout", {}),
  forgot: (email: string) => api.post<{ message: string }>("/v1/auth/forgot-password", { email }),
  reset: (token: string, password: string) =>
    api.post<{ message: string }>(`/v1/auth/reset-password?token=${encodeURIComponent(token)}`, { password }),
  passkeys: () => api.get<PasskeyList>("/v2/users/passkeys"),
  startEnrolment: () =>
    api.post<{ publicKey: PublicKeyCredentialCreationOptionsJSON }>("/v2/users/passkeys/registrations", {}),
  finishEnrolment: (credential: unknown) =>
    api.post<PasskeyList>("/v2/users/passkeys/registrations/finish", { credential }),
  removePasskey: (id: string) => api.delete<PasskeyList>("/v2/users/passkeys", { id }),
};

export const passkeysQuery = () => queryOptions({ queryKey: ["passkeys"], queryFn: authApi.passkeys });
