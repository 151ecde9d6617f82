import { queryOptions } from "@tanstack/react-query";
import { api } from "../../api/client";

export interface FeatureEntry {
  name: string;
  state: "on" | "off" | "toNotify";
}

export const featuresQuery = () =>
  queryOptions({ queryKey: ["features"], queryFn: () => api.get<FeatureEntry[]>("/v1/features") });

export function isOn(features: readonly FeatureEntry[] | undefined, name: string): boolean {
  return features?.some((entry) => entry.name === name && entry.state !== "off") ?? false;
}
