import { updatedOf } from "../../../lib/policies";
import type { PolicyText } from "../types";

export const terms: PolicyText = (s) => ({
  path: "/terms-and-conditions",
  title: "Terms and conditions",
  description: `The agreement between you and ${s.legalName} for ${s.tradingName} e-money accounts, payments and cards.`,
  updated: updatedOf("/terms-and-conditions"),
  intro: `These terms form the agreement between you and ${s.legalName} ("${s.tradingName}", "we", "us") for your ${s.tradingName} account and the services we provide through our website and apps. Please read them together with our Privacy policy, our Deposit and withdrawal policy and, if you hold a card, the card terms of use. You can ask for a copy of these terms at any time.`,
  sections: [
    {
      heading: "1. Who we are",
      blocks: [
        `${s.legalName} is a company registered in England and Wales (company number ${s.companyNumber}) with its registered office at ${s.address}. We are authorised by the Financial Conduct Authority under the Electronic Money Regulations 2011 to issue electronic money and provide payment services (firm reference number ${s.regulatorReference}).`,
        `You can contact us by email at ${s.supportEmail} or by telephone on ${s.supportPhone}. We communicate in English.`,
      ],
    },
    {
      heading: "2. What your account is",
      blocks: [
        "Your account holds electronic money (e-money). It is not a bank deposit account and it does not pay interest. E-money is not covered by the Financial Services Compensation Scheme (FSCS).",
        "Instead, we protect your money by safeguarding: when we receive money for you, we keep an equal amount in segregated accounts with authorised credit institutions, separate from our own money. If we became insolvent, safeguarded funds would be returned to our customers before other creditors, after the costs of distributing them.",
        "You can hold balances in pounds sterling (GBP), euro (EUR), US dollars (USD), Swiss francs (CHF) and Albanian lek (ALL). Each currency is held in its own account with its own account details.",
      ],
    },
    {
      heading: "3. Who can open an account",
      blocks: [
        "Personal accounts are for individuals aged 18 or over who live in the United Kingdom or in a country of the European Economic Area we serve, and who use the account for their own purposes.",
        "Business accounts are for companies, partnerships and sole traders registered in a country we serve. The person opening the account must be authorised to act for the business, and we will ask about its directors, owners and activities.",
        "We must verify your identity and, for a business, the identity of its directors and beneficial owners before we open an account, and from time to time afterwards. We may refuse an application without giving a reason where the law prevents us from explaining.",
      ],
    },
    {
      heading: "4. Keeping your account safe",
      blocks: [
        "You must keep your login details, passcodes, security devices and card details safe and never share them, including with anyone claiming to be from us. We will never ask you for your password or a one-time code.",
        "We ask for a second factor, such as a code sent by SMS or approval with a passkey, when you log in and when you make payments. Tell us immediately on the number above if you think someone else knows your security details or has used your account.",
      ],
    },
    {
      heading: "5. Making and receiving payments",
      blocks: [
        "You can send payments within the UK through Faster Payments from a GBP account, in euro across the SEPA area from a EUR account, and internationally through the SWIFT network from any account.",
        "You authorise a payment by confirming it in our app or website, with your second factor where we ask for one. Once authorised, you can cancel a payment only if it is scheduled for a future date and you cancel it before the end of the business day before it is due.",
        "We credit incoming payments to your account as soon as we receive the funds. A payment we receive in a currency you do not hold may be returned to the sender.",
        "Execution times: UK Faster Payments usually arrive within two hours and at the latest by the end of the next business day; SEPA payments by the end of the next business day; SWIFT payments depend on the banks involved and usually take one to five business days.",
        "Make sure the payee details are correct. If you give us the wrong account details we are not responsible for a payment that goes to the wrong account, but we will make reasonable efforts to recover it and tell you what we could find out.",
      ],
    },
    {
      heading: "6. Currency exchange",
      blocks: [
        "When you convert between your accounts we show you the rate and the amount you will receive before you confirm. A quote is valid only for the short time shown. Exchange is available on business days between 8:30 and 17:29 UK time; outside those hours you may not be able to convert.",
      ],
    },
    {
      heading: "7. Fees",
      blocks: [
        "Our fees are shown in the app and on our price list before you agree to them, and the fee for a payment is shown before you confirm it. We take fees from your account balance in the currency of the service. An activation fee may apply to open a business account; we tell you the amount before you pay it.",
      ],
    },
    {
      heading: "8. Unauthorised and incorrect payments",
      blocks: [
        "Tell us without undue delay, and no later than 13 months after the debit date, if a payment was not authorised by you or was made incorrectly.",
        "If a payment was not authorised by you, we will refund it by the end of the next business day, unless we reasonably suspect fraud, in which case we will investigate promptly. You may be liable for up to £35 of losses from a lost or stolen security credential, and for all losses if you acted fraudulently or with gross negligence, except for payments made after you told us of the problem.",
      ],
    },
    {
      heading: "9. Blocking and restricting your account",
      blocks: [
        "We may stop a payment, block a card or restrict your account to protect its security, if we suspect unauthorised or fraudulent use, or where the law requires it. We will tell you, and why, before we do this or immediately after, unless telling you would be unlawful or compromise security.",
      ],
    },
    {
      heading: "10. Changes to these terms",
      blocks: [
        "We will give you at least two months' notice by email before a change to these terms takes effect. If you do not agree, you can close your account free of charge before the change applies. Changes to exchange rates based on a reference rate can apply immediately.",
      ],
    },
    {
      heading: "11. Closing your account",
      blocks: [
        "You can close your account at any time by contacting us; we will send you your remaining balance to an account in your name, less any amounts you owe us. We may close your account with two months' notice, or immediately if you seriously or repeatedly break these terms, or where the law requires it.",
        "You can redeem your e-money at any time at its full value. We do not charge for redemption while this agreement is in force or within a year after it ends.",
      ],
    },
    {
      heading: "12. Complaints",
      blocks: [
        `If you are unhappy with our service, please tell us as described in our Complaints policy. If you remain unhappy, eligible customers may refer the complaint to the Financial Ombudsman Service, Exchange Tower, London E14 9SR (www.financial-ombudsman.org.uk).`,
      ],
    },
    {
      heading: "13. Law",
      blocks: [
        "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction. If you are a consumer living in Scotland or Northern Ireland, you may also bring proceedings in your local courts.",
      ],
    },
  ],
});
