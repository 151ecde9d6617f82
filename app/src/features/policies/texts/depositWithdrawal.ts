import { updatedOf } from "../../../lib/policies";
import type { PolicyText } from "../types";

export const depositWithdrawal: PolicyText = (s) => ({
  path: "/deposit-withdrawal-policy",
  title: "Deposit and withdrawal policy",
  description: `How money reaches and leaves your ${s.tradingName} account, the checks we make, and how long it takes.`,
  updated: updatedOf("/deposit-withdrawal-policy"),
  intro: `This policy explains how you can add money to ("deposit") and take money from ("withdraw") your ${s.tradingName} e-money account, and the checks we are required to make. It forms part of our Terms and conditions.`,
  sections: [
    {
      heading: "1. Adding money",
      blocks: [
        [
          "By bank transfer to your account details: Faster Payments or Bacs to your GBP account, SEPA transfers to your EUR account, and SWIFT transfers to any of your accounts.",
          "By card or wallet payment for the one-off account activation fee, where that option is offered.",
        ],
        "We do not accept cash or cheques. Payments must come from an account in the name of the account holder or of a genuine counterparty of the business; we may return payments from third parties we cannot identify.",
      ],
    },
    {
      heading: "2. When money arrives",
      blocks: [
        "We credit your account as soon as we receive the funds from the payment scheme: usually within minutes for Faster Payments and instant SEPA, by the next business day for standard SEPA, and one to five business days for SWIFT, depending on the banks involved.",
        "A payment in a currency for which you have no account is returned to the sender, less any charges of the banks involved.",
      ],
    },
    {
      heading: "3. Taking money out",
      blocks: [
        "You can send money to any account you are entitled to pay, up to your available balance. The available balance is your balance less amounts held for card payments awaiting settlement. We never let a payment take your account below zero.",
        "You can redeem your e-money at full value at any time, free of charge while your account is open, by sending it to an account in your name.",
      ],
    },
    {
      heading: "4. Checks we make",
      blocks: [
        "We monitor payments to prevent fraud, money laundering and sanctions breaches. We may ask you about the source of funds or the purpose of a payment and for supporting documents, and we may delay or refuse a payment until we are satisfied. Where we can, we tell you why.",
        "Limits on the size or number of payments may apply to new accounts and are shown in the app.",
      ],
    },
    {
      heading: "5. Payments that fail or are returned",
      blocks: [
        "If a payment you sent is returned, we credit the amount we receive back to your account. Banks in the chain may deduct charges, and a currency conversion made by another bank may leave a difference we cannot recover.",
      ],
    },
    {
      heading: "6. Help",
      blocks: [
        `If a payment has not arrived, contact us at ${s.supportEmail} or ${s.supportPhone} with its date, amount and reference.`,
      ],
    },
  ],
});
