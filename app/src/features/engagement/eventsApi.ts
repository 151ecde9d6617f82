// System events' calls (SPEC §7 POST /v1/utils/settings, POST /v2/ui-forms/take; issue 31):
// loaded with the event being shown, never with a page.
import * as v from "valibot";
import { api, type Schemas } from "../../api/client";
import { Setting, Success } from "../../api/schemas.gen";
import * as F from "../../api/schemas-surveys.gen";

export type SurveyForm = Schemas["SurveyForm"];
export type SurveyName = Schemas["Survey"];
export type Answers = Record<string, string | string[]>;

export const eventsApi = {
  /** The events the app still holds: one left out is put aside by the person. */
  keepEvents: (events: string[]) =>
    api.post("/v1/utils/settings", { name: "events", value: events }, v.array(Setting)),
  survey: (name: SurveyName) => api.post("/v2/ui-forms/take", { name }, F.SurveyForm),
  answer: (name: SurveyName, answers: Answers) =>
    api.post("/v2/ui-forms/answers", { name, answers }, Success),
};
