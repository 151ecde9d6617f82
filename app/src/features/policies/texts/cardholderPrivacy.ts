import { updatedOf } from "../../../lib/policies";
import type { PolicyText } from "../types";

export const cardholderPrivacy: PolicyText = (s) => ({
  path: "/card-holder-privacy-policy",
  title: "Cardholder privacy policy",
  description: `How ${s.legalName} and the business you work for use your personal data when you hold a corporate card.`,
  updated: updatedOf("/card-holder-privacy-policy"),
  intro: `This notice is for employees and officers who hold a ${s.tradingName} corporate card. It adds to our Privacy policy and explains what is particular about holding a card on your employer's account.`,
  sections: [
    {
      heading: "1. Who is responsible",
      blocks: [
        `${s.legalName} is the controller of the data we need to issue the card, verify your identity, process payments and prevent fraud. The business that invited you is a separate controller of the data it sees in its account.`,
      ],
    },
    {
      heading: "2. What we use",
      blocks: [
        [
          "Your name, email, telephone number, date of birth and address, to verify your identity and deliver the card.",
          "Card payments: merchant, amount, date, place and whether they were approved or declined.",
          "Device and security data when you view card details or approve payments.",
        ],
      ],
    },
    {
      heading: "3. What your employer can see",
      blocks: [
        "The account owner and team members with the right permissions can see your name, the card's status and limits, and every payment made with the card. They cannot see your PIN, your full card number, or your identity documents.",
      ],
    },
    {
      heading: "4. Sharing, retention and your rights",
      blocks: [
        "We share card data with our card processor and Mastercard to carry out payments, and with fraud prevention agencies. We keep it for five years after the card is closed, as the law requires.",
        `Your rights are the same as in our Privacy policy. Write to ${s.supportEmail} to use them.`,
      ],
    },
  ],
});
