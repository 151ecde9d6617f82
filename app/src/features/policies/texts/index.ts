import type { PolicyText } from "../types";
import { cardholderPrivacy } from "./cardholderPrivacy";
import { complaints } from "./complaints";
import { consumerCard } from "./consumerCard";
import { corporateCard } from "./corporateCard";
import { depositWithdrawal } from "./depositWithdrawal";
import { privacy } from "./privacy";
import { terms } from "./terms";

export const policyTexts: readonly PolicyText[] = [
  terms,
  privacy,
  depositWithdrawal,
  corporateCard,
  consumerCard,
  cardholderPrivacy,
  complaints,
];
