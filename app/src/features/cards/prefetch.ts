// What the cards' pages load before the server renders them. Imported by the routes on
// demand, so the other pages' first load carries none of the cards' calls.
import type { QueryClient } from "@tanstack/react-query";
import { countriesQuery } from "../../api/countries";
import { featuresQuery, isOn } from "../../api/features";
import type { RouteContext } from "../../routing/types";
import {
  cardTransactionsQuery,
  cardsQuery,
  companyAddressesQuery,
  holdsQuery,
  limitsQuery,
  referralProgramQuery,
  sentInvitationsQuery,
  shippingQuery,
} from "./api";
import { chooseCard, isManageable, mayOrder, pageCard } from "./model";

export const cardsOnly = (client: QueryClient): Promise<unknown>[] => [
  client.ensureQueryData(cardsQuery()).catch(() => undefined),
  client.ensureQueryData(featuresQuery()).catch(() => undefined),
];

/** The cards, and for the card the page opens its controls and payments, and the addresses
 * when a card may be ordered, so the server's HTML shows them all. */
export function cards(client: QueryClient, { query, layout, session }: RouteContext): Promise<unknown>[] {
  const role = session?.accessRole ?? "none";
  const more = client.ensureQueryData(cardsQuery()).then((data) => {
    const card = pageCard(data.results, query.card, role);
    const wanted: Promise<unknown>[] = [];
    // An Account Owner's desktop page lists the company's card invitations too.
    if (role === "admin" && layout === "desktop") wanted.push(client.prefetchQuery(sentInvitationsQuery()));
    if (layout === "desktop") wanted.push(referralOnly(client));
    if (mayOrder(data.orderCondition))
      wanted.push(client.prefetchQuery(shippingQuery()), client.prefetchQuery(countriesQuery()));
    if (card && isManageable(card.status)) wanted.push(client.prefetchQuery(limitsQuery(card.id)));
    if (card && card.status !== "draft" && layout === "desktop") {
      wanted.push(client.prefetchQuery(holdsQuery(card.id)));
      wanted.push(client.prefetchQuery(cardTransactionsQuery(card.id)));
    }
    return Promise.all(wanted);
  });
  return [more.catch(() => undefined), client.ensureQueryData(featuresQuery()).catch(() => undefined)];
}

/** Mobile corporate cards: the company's cards and its card invitations; a card's own page
 * also its limits. */
export function corporate(client: QueryClient, { params }: RouteContext): Promise<unknown>[] {
  const more = client.ensureQueryData(cardsQuery()).then((data) => {
    const card = data.results.find((item) => item.id === params.cardId && item.isCorporate);
    return card && isManageable(card.status) ? client.prefetchQuery(limitsQuery(card.id)) : undefined;
  });
  return [more.catch(() => undefined), client.prefetchQuery(sentInvitationsQuery())];
}

/** A card's payments (mobile cards/transactions). */
export function activity(client: QueryClient, { query }: RouteContext): Promise<unknown>[] {
  const more = client.ensureQueryData(cardsQuery()).then((data) => {
    const card = chooseCard(data.results, query.card);
    return card
      ? Promise.all([
          client.prefetchQuery(holdsQuery(card.id)),
          client.prefetchQuery(cardTransactionsQuery(card.id)),
        ])
      : undefined;
  });
  return [more.catch(() => undefined)];
}

/** The card referral programme, while the referrals flag is on. */
const referralOnly = (client: QueryClient) =>
  client
    .ensureQueryData(featuresQuery())
    .then((features) =>
      isOn(features, "referrals") ? client.prefetchQuery(referralProgramQuery()) : undefined,
    )
    .catch(() => undefined);

export const referralProgram = (client: QueryClient): Promise<unknown>[] => [referralOnly(client)];

/** Giving an employee a card: where it may go. */
export const corporateInvite = (client: QueryClient): Promise<unknown>[] => [
  client.prefetchQuery(companyAddressesQuery()),
  client.prefetchQuery(countriesQuery()),
];
