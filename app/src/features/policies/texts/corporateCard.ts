import { updatedOf } from "../../../lib/policies";
import type { PolicyText } from "../types";

export const corporateCard: PolicyText = (s) => ({
  path: "/corporate-card-terms-of-use",
  title: "Corporate card terms of use",
  description: `The rules for using a ${s.tradingName} corporate card issued on a business account, for the business and its cardholders.`,
  updated: updatedOf("/corporate-card-terms-of-use"),
  intro: `These terms apply to prepaid Mastercard debit cards issued by ${s.legalName} on a business account ("corporate cards") and to each employee or officer who holds one ("cardholder"). The business that holds the account is responsible for every card issued on it.`,
  sections: [
    {
      heading: "1. Issuing cards",
      blocks: [
        "The account owner, or a team member with the right to order cards, may invite a person to hold a card. The cardholder accepts the invitation, confirms their identity and activates the card when it arrives. Cards remain our property and are linked to a balance of the business account.",
      ],
    },
    {
      heading: "2. Using the card",
      blocks: [
        "The card may be used only for the business's purposes, within the limits the business sets, and only by the named cardholder. Each payment reduces the business account's available balance when it is authorised; we may hold the amount until the merchant settles.",
        "The business can switch online payments, cash withdrawals and contactless payments on or off, set spending limits, freeze and unfreeze the card, and close it, in the app.",
      ],
    },
    {
      heading: "3. Keeping the card safe",
      blocks: [
        `Cardholders must sign the card on receipt, keep the PIN secret, and never share card details or codes. If a card is lost or stolen or its details may be known to someone else, freeze it in the app and tell us immediately on ${s.supportPhone}.`,
      ],
    },
    {
      heading: "4. Responsibility for payments",
      blocks: [
        "The business is responsible for payments made by its cardholders, including those outside the business's purposes. As the business is not a consumer, the liability limits for unauthorised payments in our Terms and conditions apply only as far as the law requires for businesses; we will still refund a payment we are satisfied was not authorised by a cardholder and not caused by the business's failure to keep cards safe.",
      ],
    },
    {
      heading: "5. Fees and foreign currency",
      blocks: [
        "Fees for cards, replacement and cash withdrawals are shown in the app before they apply. Payments in a currency other than the account's are converted at the Mastercard rate on the day the payment is processed, plus any fee shown in our price list.",
      ],
    },
    {
      heading: "6. Ending the card",
      blocks: [
        "The business may close a card at any time. A card closes automatically when it expires, when the cardholder leaves the team or when the business account closes. We may block or close a card for security reasons or if these terms are broken.",
      ],
    },
  ],
});
