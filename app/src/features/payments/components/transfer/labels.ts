import type { Scheme } from "../../api";

export const SCHEME_LABELS: Record<Scheme, string> = {
  local: "UK Local Transfer",
  sepa: "SEPA",
  swift: "SWIFT",
};
