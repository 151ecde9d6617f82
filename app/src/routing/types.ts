import type { FeatureEntry } from "../api/features";
import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import type { Schemas } from "../api/client";
import type { LondonOffsets } from "../lib/format";
import type { RouteSetName } from "./routeSet";

export type Layout = "desktop" | "mobile";

/** SPEC §3 "Profile", as the contract (the server's OpenAPI document) defines it. */
export type Profile = Schemas["Profile"];

/** SPEC §3 "Session state", as the server hands it to the render and answers GET /v2/session. */
export type SessionState = Schemas["SessionState"];

/** The bank's own details, from the server's configuration. */
export interface Site {
  baseUrl: string;
  legalName: string;
  tradingName: string;
  address: string;
  companyNumber: string;
  supportPhone: string;
  supportEmail: string;
  regulatorReference: string;
  /** Support's hours over Christmas and New Year, `;` between days (christmasSupportHours). */
  holidaySupportHours: string;
}

export interface Head {
  title: string;
  description: string;
}

export interface RouteContext {
  layout: Layout;
  params: Record<string, string | undefined>;
  query: Record<string, string>;
  /** The server render's session (prefetches that depend on the role). */
  session?: SessionState;
}

export interface AppRoute {
  path: string;
  head: Head;
  Component?: ComponentType;
  /** A server redirect (302) and a client <Navigate>; null renders the route. */
  redirect?: (context: RouteContext) => string | null;
  /** Data the page needs, loaded before the server renders it. */
  prefetch?: (client: QueryClient, context: RouteContext) => Promise<unknown>[];
  /** Content pages are read, not used: they are sent without any script. */
  hydrate?: boolean;
  /** A set's not-found route that is a page of its own (the card set's) answers this status. */
  status?: number;
}

/** Client-side timings from the server's configuration (SPEC §9 defaults). */
export interface Timings {
  idleWarningSeconds: number;
  idleCountdownSeconds: number;
}

export interface RenderInput {
  url: string;
  layout: Layout;
  session: SessionState;
  site: Site;
  timings: Timings;
  /** SPEC §3 feature entries, read by the server for the render (no API call for them). */
  features?: FeatureEntry[];
  /** What a plain form post sent, when the server answers it with this page (never in the URL). */
  posted?: Record<string, string>;
}

/** What the client reads back from the page to hydrate the same tree. */
export interface PageState {
  routeSet: RouteSetName;
  layout: Layout;
  session: SessionState;
  site: Site;
  timings: Timings;
  /** The rendered path: a post answered with another page moves the address there first. */
  path?: string;
  posted?: Record<string, string>;
  /** London's offsets from UTC, so the browser never reads Intl's time-zone data (`format.ts`). */
  london?: LondonOffsets;
  dehydrated: unknown;
}

export interface RenderOutput {
  status: number;
  redirect?: string;
  head: Head;
  html: string;
  hydrate: boolean;
  routeSet: RouteSetName;
  /** The route's page chunk (`lazyPage`), for the browser to fetch with the entry. */
  page?: string;
  state?: PageState;
}
