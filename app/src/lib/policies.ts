// The seven fixed public paths of SPEC §2. Their texts live in the server bundle only.
export interface PolicyEntry {
  path: string;
  shortTitle: string;
}

export const policies: readonly PolicyEntry[] = [
  { path: "/terms-and-conditions", shortTitle: "Terms and conditions" },
  { path: "/privacy-policy", shortTitle: "Privacy policy" },
  { path: "/deposit-withdrawal-policy", shortTitle: "Deposit and withdrawal policy" },
  { path: "/corporate-card-terms-of-use", shortTitle: "Corporate card terms of use" },
  { path: "/consumer-card-terms-of-use", shortTitle: "Consumer card terms of use" },
  { path: "/card-holder-privacy-policy", shortTitle: "Cardholder privacy policy" },
  { path: "/complaint-policy", shortTitle: "Complaints policy" },
];
