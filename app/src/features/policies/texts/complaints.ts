import { updatedOf } from "../../../lib/policies";
import type { PolicyText } from "../types";

export const complaints: PolicyText = (s) => ({
  path: "/complaint-policy",
  title: "Complaints policy",
  description: `How to complain to ${s.tradingName}, how we handle complaints and the deadlines we keep.`,
  updated: updatedOf("/complaint-policy"),
  intro:
    "We want to put things right when they go wrong. This policy explains how to complain, what we do with your complaint and where you can go if you are not satisfied.",
  sections: [
    {
      heading: "1. How to complain",
      blocks: [
        [
          `By email to ${s.supportEmail}`,
          `By telephone on ${s.supportPhone}`,
          `By post to Complaints, ${s.legalName}, ${s.address}`,
        ],
        "Please tell us your name, how to reach you, what went wrong, and what you would like us to do. Include dates and amounts of any payments concerned.",
      ],
    },
    {
      heading: "2. What we do",
      blocks: [
        "We acknowledge your complaint promptly and try to resolve it by the end of the third business day. If we resolve it in that time, we send you a summary resolution communication.",
        "For complaints about payment services, we send you our final response within 15 business days of receiving your complaint. In exceptional circumstances beyond our control, we will write to explain the delay and send a final response within 35 business days.",
        "For any other complaint, we send our final response within eight weeks.",
      ],
    },
    {
      heading: "3. If you are not satisfied",
      blocks: [
        "If you are not satisfied with our final response, or we have not replied in time, you may be able to refer your complaint to the Financial Ombudsman Service, free of charge, within six months of our final response: Exchange Tower, London E14 9SR; telephone 0800 023 4567; www.financial-ombudsman.org.uk. Consumers, micro-enterprises and some small businesses and charities are eligible.",
        "Customers in the European Economic Area may also contact the dispute resolution body of their own country.",
      ],
    },
    {
      heading: "4. Fair treatment",
      blocks: [
        "Complaints are investigated by someone who was not involved in the matter. Making a complaint never affects how we treat you or your account. We use what we learn from complaints to improve our service.",
      ],
    },
  ],
});
