// SPEC §7 business-types: the industries (SPEC §5 'Select industry type'), which the business
// wizard and the mortgage's finances both choose from.
import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { api } from "./client";
import { Choice } from "./schemas.gen";

export const businessTypesQuery = () =>
  queryOptions({
    queryKey: ["business-types"],
    queryFn: () => api.get("/v1/utils/business-types", v.array(Choice)),
    staleTime: Number.POSITIVE_INFINITY,
  });
