import type { Site } from "../../routing/types";

/** A paragraph, or a list when it is an array. */
export type Block = string | string[];

export interface PolicySection {
  heading: string;
  blocks: Block[];
}

export interface PolicyDoc {
  path: string;
  title: string;
  description: string;
  updated: string;
  intro: string;
  sections: PolicySection[];
}

export type PolicyText = (site: Site) => PolicyDoc;
