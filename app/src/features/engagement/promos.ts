// What each promo modal of SPEC §2 says and where its action leads: the bank's own features,
// in its own words. Loaded only when a promo opens, so no page's first load carries it.
import { holidayHours } from "../../lib/supportHours";
import type { Layout, Site } from "../../routing/types";
import type { PromoName } from "./spotlight";

export interface PromoContent {
  title: string;
  lines: string[];
  /** A short list under the text (perks, hours). */
  points?: string[];
  action?: { label: string; to: string };
}

/** SPEC §9 card perks. */
const PERKS = ["3x1GB per year roaming plus 15% off extra data", "Up to 35% cash-back on business travel"];

export function promoContent(name: PromoName, site: Site, layout: Layout, seasonal: boolean): PromoContent {
  const details = layout === "mobile" ? "/account" : "/client/details";
  const perks = layout === "mobile" ? "/cards/benefits" : "/cards";
  switch (name) {
    case "createPersonalProfile":
      return {
        title: "A personal account beside your business",
        lines: [
          `Keep your own money apart from the company's: open a personal ${site.tradingName} account with the same log-in.`,
          "Switch between them from the profile menu at any time.",
        ],
        action: { label: "Open a personal account", to: "/company/add" },
      };
    case "biometry":
      return {
        title: "Log in with your face or fingerprint",
        lines: [
          "Add a passkey and approve log-ins and payments with Face ID, Touch ID or Windows Hello instead of waiting for an SMS code.",
          "Your fingerprint or face never leaves your device: we only see a signature it makes.",
        ],
        action: { label: "Add a passkey", to: details },
      };
    case "serverInfo":
      return {
        title: "Where your data lives",
        lines: [
          `Your accounts, payments and documents are kept on ${site.tradingName}'s own servers in the United Kingdom, encrypted on disk and in transit.`,
          "Every change to your money is a double-entry booking that is checked, so nothing is lost or counted twice.",
        ],
        action: { label: "Read our privacy policy", to: "/privacy-policy" },
      };
    case "supportInfo":
      return {
        title: seasonal ? "Support over the holidays" : "How to reach us",
        lines: seasonal
          ? [
              "Our support team keeps different hours over Christmas and New Year. Cards and payments work as usual.",
            ]
          : ["Our support team answers on working days, 9:00 to 17:00 UK time."],
        points: [
          ...(seasonal ? holidayHours(site) : []),
          `Phone: ${site.supportPhone}`,
          `Email: ${site.supportEmail}`,
        ],
        action: { label: "Contact us", to: "/contact-us" },
      };
    case "ifCards":
      return {
        title: "A card that looks after your trips",
        lines: [
          "Pay abroad with your card and book travel with it: business travel paid by card earns cash-back.",
          "Freeze it in a tap if it goes missing, and set your own limits for online, contactless and cash.",
        ],
        points: PERKS,
        action: { label: "See your cards", to: "/cards" },
      };
    case "fxReturnPromo":
      return {
        title: "Convert back when you need to",
        lines: [
          "Received euros or dollars you need in pounds? Convert between your accounts in seconds at the rate you see before you confirm.",
          "The rate is held for the quote's countdown, so the amount you confirm is the amount you get.",
        ],
        action: { label: "Convert currency", to: "/currency-converter" },
      };
    case "fxWithoutLimitsPromo":
      return {
        title: "Exchange without monthly caps",
        lines: [
          "Convert between GBP, EUR, USD, CHF and ALL on business days from 8:30 to 17:29 UK time, with no monthly exchange allowance to run out of.",
          "See the rate and the amount you receive before you confirm.",
        ],
        action: { label: "Convert currency", to: "/currency-converter" },
      };
    case "swiftPromo":
      return {
        title: "Pay anywhere in the world with SWIFT",
        lines: [
          "Send money to banks outside the UK and the SEPA area from your accounts, with the fee shown before you pay.",
          "Track each payment from your transactions.",
        ],
        action: { label: "Make a SWIFT payment", to: "/transfer/2" },
      };
    case "usdAndChfPromo":
      return {
        title: "US dollar and Swiss franc accounts",
        lines: [
          "Hold USD and CHF beside your pounds and euros: open an account in a currency from your dashboard in seconds, with its own details for receiving money.",
        ],
        action: { label: "Open an account", to: "/dashboard" },
      };
    case "cardBenefitsPromo":
      return {
        title: "More than a card",
        lines: ["Every active card comes with perks for you and your team."],
        points: PERKS,
        action: { label: "See the perks", to: perks },
      };
    case "cardBenefitFinalPricePromo":
      return {
        title: "What your card really costs",
        lines: [
          "Ordering a card costs nothing, and its perks can be worth more than you spend on it.",
          "Use the roaming data and the cash-back on a single business trip and the card has paid for itself.",
        ],
        points: PERKS,
        action: { label: "See the perks", to: perks },
      };
    case "corporateCardsPromo":
      return {
        title: "Cards for your team",
        lines: [
          "Give your employees their own corporate cards on the company's account, each with its own limits.",
          "Freeze or close a card at any time, and see every payment as it happens.",
        ],
        action: { label: "Issue corporate cards", to: "/cards/corporate" },
      };
    case "userInvitationPromo":
      return {
        title: "Invite colleagues before they have a login",
        lines: [
          `Invite someone by email even if they do not bank with ${site.tradingName}: they create their login from the link and join your team with the role you chose.`,
          "Until they accept, you can see the invitation and withdraw it.",
        ],
        action: {
          label: "Invite a colleague",
          to: layout === "mobile" ? "/account/users/invite" : "/client/details#team",
        },
      };
    case "rolesPromo":
      return {
        title: "Bring your team in, with the right access",
        lines: [
          "Invite your accountant, your CFO or a director and choose what each may see and do: view only, prepare payments, or approve them.",
          "Payments above your rules wait for the approvals you set.",
        ],
        action: {
          label: "Invite your team",
          to: layout === "mobile" ? "/account#team" : "/client/details#team",
        },
      };
    case "factoringPromo":
      return {
        title: "Get paid now for invoices you have sent",
        lines: [
          "Factoring advances 90% of an invoice you have sent from the bank, so you do not wait out your client's payment terms.",
        ],
        action: { label: "Finance an invoice", to: "/factoring" },
      };
  }
}
