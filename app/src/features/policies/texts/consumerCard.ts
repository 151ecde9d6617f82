import { updatedOf } from "../../../lib/policies";
import type { PolicyText } from "../types";

export const consumerCard: PolicyText = (s) => ({
  path: "/consumer-card-terms-of-use",
  title: "Consumer card terms of use",
  description: `The terms for a ${s.tradingName} debit card on a personal account: using it, keeping it safe and your protection.`,
  updated: updatedOf("/consumer-card-terms-of-use"),
  intro: `These terms apply to the prepaid Mastercard debit card issued by ${s.legalName} on your personal account. They form part of our Terms and conditions, which also apply.`,
  sections: [
    {
      heading: "1. Your card",
      blocks: [
        "Your card lets you spend the e-money in your account in shops, online and at cash machines that accept Mastercard. It is not a credit card: you can spend only your available balance. Activate it in the app when it arrives.",
      ],
    },
    {
      heading: "2. Controls",
      blocks: [
        "In the app you can switch online payments, cash withdrawals and contactless payments on and off, freeze and unfreeze the card, view your PIN and close the card.",
      ],
    },
    {
      heading: "3. Keeping it safe",
      blocks: [
        `Keep your card and PIN safe and never tell anyone your PIN or a one-time code. If your card is lost or stolen, freeze it in the app and call us on ${s.supportPhone}. We will block it and send you a new card.`,
      ],
    },
    {
      heading: "4. If something goes wrong",
      blocks: [
        "If a payment you did not authorise is taken with your card, we will refund it by the end of the next business day after you tell us, unless we suspect fraud. Your liability is limited to £35, unless you acted fraudulently or with gross negligence, and you are not liable for payments made after you told us the card was lost or stolen.",
        "If you authorised a payment without knowing its exact amount and it was more than you could reasonably have expected, you can ask for a refund within eight weeks of the payment.",
      ],
    },
    {
      heading: "5. Fees and foreign currency",
      blocks: [
        "Any card fee is shown in the app before it applies. Payments in another currency are converted at the Mastercard rate on the day they are processed, plus any fee shown in our price list.",
      ],
    },
    {
      heading: "6. Cash machines and payments abroad",
      blocks: [
        "Cash machine operators may charge their own fee, which they must show before you confirm. Some merchants abroad offer to charge you in pounds instead of the local currency; their rate is usually worse than the Mastercard rate, so we recommend paying in the local currency.",
        "A merchant may place a temporary hold on your balance, for example at hotels and petrol stations. The held amount is released when the merchant settles the final amount or the hold expires.",
      ],
    },
    {
      heading: "7. Expiry and closure",
      blocks: [
        "Your card expires on the date printed on it; we send a replacement beforehand while your account is open. You can close your card at any time in the app. Closing the card does not close your account.",
      ],
    },
    {
      heading: "8. Contact and complaints",
      blocks: [
        `Questions about your card: ${s.supportEmail} or ${s.supportPhone}. If you are unhappy with how we handled something, our Complaints policy explains what we do and how to contact the Financial Ombudsman Service.`,
      ],
    },
  ],
});
