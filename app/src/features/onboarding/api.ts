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
