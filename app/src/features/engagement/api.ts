// Engagement's calls (SPEC §7 PUT /v1/features; issue 31).
import { api, type BodyOf } from "../../api/client";
import { Success } from "../../api/schemas.gen";

export type PromoAnswer = BodyOf<"/v1/features", "put">;

export const engagementApi = {
  answerPromo: (body: PromoAnswer) => api.put("/v1/features", body, Success),
  review: (platform: "trustpilot" | "app_store" | "google_play" | null) =>
    api.post("/v2/users/reviews", { platform }, Success),
};
