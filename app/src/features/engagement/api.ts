import { queryOptions } from "@tanstack/react-query";
import * as v from "valibot";
import { api, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";

export type FeatureEntry = Schemas["FeatureEntry"];

export const featuresQuery = () =>
  queryOptions({ queryKey: ["features"], queryFn: () => api.get("/v1/features", v.array(S.FeatureEntry)) });

export function isOn(features: readonly FeatureEntry[] | undefined, name: string): boolean {
  return features?.some((entry) => entry.name === name && entry.state !== "off") ?? false;
}
