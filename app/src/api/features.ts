// SPEC §1's feature flags: every feature and the app shell read them, so they live with the API client.
import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { api, type Schemas } from "./client";
import * as S from "./schemas.gen";

export type FeatureEntry = Schemas["FeatureEntry"];
/** SPEC §1's flags, generated from the server's `Flag`: a misspelt name does not compile. */
export type FlagName = Schemas["Flag"];

export const featuresQuery = () =>
  queryOptions({ queryKey: ["features"], queryFn: () => api.get("/v1/features", v.array(S.FeatureEntry)) });

export function isOn(features: readonly FeatureEntry[] | undefined, name: FlagName): boolean {
  return features?.some((entry) => entry.name === name && entry.state !== "off") ?? false;
}
