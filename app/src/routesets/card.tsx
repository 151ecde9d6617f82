// SPEC §2 "Card set": an employee given a corporate card (flow user_invited, role card_user).
// Any other path shows the card page.
import { givenCardsQuery } from "../features/cards/api";
import { OnboardingFrame } from "../layouts/OnboardingFrame";
import { lazyPage } from "../routing/lazyPage";
import type { AppRoute } from "../routing/types";

// Each page is its own chunk (routing/lazyPage.tsx).
const GivenCardActivatePage = lazyPage("features/cards/components/GivenCardsPage", () =>
  import("../features/cards/components/GivenCardsPage").then((m) => m.GivenCardActivatePage),
);
const GivenCardsPage = lazyPage("features/cards/components/GivenCardsPage", () =>
  import("../features/cards/components/GivenCardsPage").then((m) => m.GivenCardsPage),
);

const cards: AppRoute["prefetch"] = (client) => [client.ensureQueryData(givenCardsQuery())];

export const routes = (): AppRoute[] => [
  {
    path: "/invitation/:inviteKey/card",
    head: { title: "Your company card", description: "Your corporate card and where it stands." },
    Component: GivenCardsPage,
    prefetch: cards,
  },
  {
    path: "/invitation/:inviteKey/card/activate",
    head: { title: "Activate your card", description: "Activate your corporate card." },
    Component: GivenCardActivatePage,
    prefetch: cards,
  },
];

export const notFound: AppRoute = {
  path: "*",
  status: 200,
  head: { title: "Your company card", description: "Your corporate card and where it stands." },
  Component: GivenCardsPage,
  prefetch: cards,
};

export const Frame = OnboardingFrame;
