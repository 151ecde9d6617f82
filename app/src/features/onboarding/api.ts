import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";

export interface Country {
  code: string;
  name: string;
  icon: string;
  telephone: string;
  isSupported: boolean;
  default: boolean;
  companyTypes: { value: string; label: string }[];
}

// SPEC §9: countries are cached forever.
export const countriesQuery = () =>
  queryOptions({
    queryKey: ["countries"],
    queryFn: () => api.get<Country[]>("/v1/utils/countries"),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

/** SPEC §3 "User". */
export interface User {
  id: string;
  email: string;
  title: string | null;
  name: string;
  middleName: string | null;
  surname: string;
  dob: string | null;
  isPep: boolean;
  country: string | null;
  postcode: string | null;
  city: string | null;
  region: string | null;
  address1: string | null;
  buildingNumber: string | null;
  onboardingFlow: string | null;
  kycStatus: string;
}

/** SPEC §3 "KYC status response". */
export interface KycStatus {
  account_ready: boolean;
  kyc_status: string;
  kyc_label: string;
  kyc_hint: string;
  onboarding_flow: string | null;
}

/** SPEC §3 "Address search result". */
export interface AddressMatch {
  postalCode: string;
  address: string;
  city: string;
  addressLine1: string;
  buildingNumber: string;
}

export const userQuery = () =>
  queryOptions({ queryKey: ["user"], queryFn: () => api.post<User>("/v2/users/take", {}) });

export const kycStatusQuery = () =>
  queryOptions({ queryKey: ["kyc-status"], queryFn: () => api.get<KycStatus>("/v1/users/kyc/status-v3") });

export const signupApi = {
  sendEmailCode: (email: string) =>
    api.post<{ success: boolean }>("/v1/auth/send-verification-email-v2", { email }),
  verifyEmail: (email: string, code: string) =>
    api.post<{ success: boolean }>("/v1/auth/verify-email-v2", { email, code }),
  createUser: (password: string, onboardingFlow: string) =>
    api.post<{ accessToken: string }>("/v2/users", { password, onboardingFlow }),
  updateUser: (payload: Record<string, unknown>) => api.patch<User>("/v2/users", payload),
  searchAddresses: (postalCode: string) =>
    api.post<{ results: AddressMatch[] }>("/v2/countries/addresses/search", { postalCode }),
};
