// Where a profile's cards go (SPEC §2 shipping address choice, §7 the card shipping calls): the
// cards pages and the card shipping system event both ask and answer it, so it lives here.
import { queryOptions } from "@tanstack/react-query";
import { api, type Schemas } from "./client";
import * as F from "./schemas-cards.gen";

export type ShippingType = Schemas["ShippingType"];
export type ShippingAddress = Schemas["ShippingAddress"];

export const shippingQuery = () =>
  queryOptions({
    queryKey: ["cards", "shipping"],
    queryFn: () => api.post("/v2/cards/shipping-addresses/fetch", undefined, F.ShippingAddresses),
  });

export const chooseShipping = (type: ShippingType, address?: ShippingAddress) =>
  api.patch("/v2/cards/shipping-addresses", { type, address }, F.ShippingAddresses);
