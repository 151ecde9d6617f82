import { api } from "../../api/client";

export interface MfaStep {
  method: "sms" | "challenge_proxied";
  requestId: string;
  lastDigits: string;
}

export const authApi = {
  login: (email: string, password: string) =>
    api.post<{ mfa?: MfaStep }>("/v2/auth/login", { email, password }),
  confirmSms: (requestId: string, secret: string) =>
    api.post<{ accessToken: string }>("/v2/auth/mfa/login", { requestId, method: "sms", secret }),
  resend: (requestId: string) =>
    api.post<{ mfa: MfaStep; message: string }>("/v2/auth/mfa/resend", { requestId, method: "sms" }),
  logout: () => api.post<Record<string, never>>("/v2/auth/logout", {}),
};
