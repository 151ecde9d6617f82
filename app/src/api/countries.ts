// The countries of SPEC §5's pickers (GET /v1/utils/countries): onboarding and the start page.
import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { api } from "./client";
import * as S from "./schemas.gen";

export const countriesQuery = () =>
  queryOptions({
    queryKey: ["countries"],
    queryFn: () => api.get("/v1/utils/countries", v.array(S.Country)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
