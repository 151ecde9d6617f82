import { updatedOf } from "../../../lib/policies";
import type { PolicyText } from "../types";

export const privacy: PolicyText = (s) => ({
  path: "/privacy-policy",
  title: "Privacy policy",
  description: `How ${s.legalName} collects, uses, shares and protects your personal data, and your rights over it.`,
  updated: updatedOf("/privacy-policy"),
  intro: `${s.legalName} is the controller of the personal data described here. This policy explains what we collect when you visit our website, apply for an account or use our services, why we use it and the rights you have under the UK GDPR, the EU GDPR and the Data Protection Act 2018.`,
  sections: [
    {
      heading: "1. The data we collect",
      blocks: [
        [
          "Identity data: your name, title, date of birth, nationality, identity document and a facial image taken during identity verification.",
          "Contact data: your email address, telephone number and home address.",
          "Business data: the company's registration details, directors, shareholders and beneficial owners, and information about its activity and expected payments.",
          "Financial data: account balances, transactions, payees, cards and the documents you upload.",
          "Technical data: your device, browser, IP address, and the times and pages of your visits, including security logs.",
          "Communications: messages and calls with our team, which may be recorded for training and to resolve disputes.",
        ],
      ],
    },
    {
      heading: "2. Why we use it and on what basis",
      blocks: [
        [
          "To open and run your account and make your payments: performance of our contract with you.",
          "To verify identities and prevent money laundering, terrorist financing and fraud: legal obligation, and our legitimate interest in protecting our customers and ourselves.",
          "To keep records and report to regulators and tax authorities: legal obligation.",
          "To improve our services and keep them secure: legitimate interest.",
          "To tell you about new products: your consent, which you can withdraw at any time.",
        ],
        "Biometric data from identity verification is special category data; we use it only to confirm that you are the person in your identity document, with your explicit consent, and keep the result rather than the biometric template.",
      ],
    },
    {
      heading: "3. Who we share it with",
      blocks: [
        "We share personal data only where needed: with identity verification and fraud prevention agencies, our card issuing processor and card schemes, payment schemes and correspondent banks that carry your payments, the credit institutions that hold safeguarded funds, IT and communication providers working on our instructions, our auditors and professional advisers, and regulators, law enforcement and courts where the law requires it.",
        "We do not sell your personal data.",
      ],
    },
    {
      heading: "4. International transfers",
      blocks: [
        "Payments sent abroad carry payee and payer data to the countries involved. Where our providers process data outside the UK or EEA, we rely on an adequacy decision or on standard contractual clauses with additional safeguards.",
      ],
    },
    {
      heading: "5. How long we keep it",
      blocks: [
        "We keep account and transaction records for five years after our relationship ends, as anti-money-laundering law requires, and longer only where a legal claim or investigation needs it. Applications that do not lead to an account are kept for up to 18 months. Security logs are kept for up to two years.",
      ],
    },
    {
      heading: "6. Your rights",
      blocks: [
        "You have the right to access your personal data, to have it corrected, erased or restricted, to object to its use, to data portability, and to withdraw consent. Some rights are limited where we must keep data by law. We answer within one month.",
        `To exercise a right, write to ${s.supportEmail}. You can also complain to the Information Commissioner's Office (ico.org.uk) or to the data protection authority where you live.`,
      ],
    },
    {
      heading: "7. Cookies",
      blocks: [
        "We use only cookies that are strictly necessary to keep you logged in, protect your session from forgery, and remember your layout and selected profile. They are not used for advertising, and no third-party tracking cookies are set.",
      ],
    },
    {
      heading: "8. Security",
      blocks: [
        "We protect your data with encryption in transit, hashed passwords and codes, two-factor authentication, access controls for our staff and regular security testing.",
      ],
    },
    {
      heading: "9. Contact",
      blocks: [`${s.legalName}, ${s.address}. Email ${s.supportEmail}, telephone ${s.supportPhone}.`],
    },
  ],
});
