// The seven fixed public paths of SPEC §2, with the date each text was last updated (its
// version, shown on the page and on terms-and-policies). Their texts live in the server bundle
// only. The server's policy version (server/domain/policies.rs) is checked against this file.
export interface PolicyEntry {
  path: string;
  shortTitle: string;
  updated: string;
}

export const policies: readonly PolicyEntry[] = [
  {
    path: "/terms-and-conditions",
    shortTitle: "Terms and conditions",
    updated: "22 November 2026",
  },
  {
    path: "/privacy-policy",
    shortTitle: "Privacy policy",
    updated: "22 November 2026",
  },
  {
    path: "/deposit-withdrawal-policy",
    shortTitle: "Deposit and withdrawal policy",
    updated: "22 November 2026",
  },
  {
    path: "/corporate-card-terms-of-use",
    shortTitle: "Corporate card terms of use",
    updated: "22 November 2026",
  },
  {
    path: "/consumer-card-terms-of-use",
    shortTitle: "Consumer card terms of use",
    updated: "22 November 2026",
  },
  {
    path: "/card-holder-privacy-policy",
    shortTitle: "Cardholder privacy policy",
    updated: "22 November 2026",
  },
  {
    path: "/complaint-policy",
    shortTitle: "Complaints policy",
    updated: "22 November 2026",
  },
];

/** The date the policy at `path` was last updated. */
export function updatedOf(path: string): string {
  return policies.find((policy) => policy.path === path)?.updated ?? "";
}
