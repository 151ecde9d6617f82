import { useQuery } from "@tanstack/react-query";
import { featuresQuery } from "../api/features";
import { useApp } from "./appContext";
import type { Facts } from "./rights";

/** The session's facts for SPEC §6's rules, with the feature flags that are on. */
export function useAccessFacts(): Facts {
  const { session } = useApp();
  const features = useQuery(featuresQuery()).data ?? [];
  return { ...session, flags: new Set(features.filter((f) => f.state !== "off").map((f) => f.name)) };
}
