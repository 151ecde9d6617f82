import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { featuresQuery } from "../../../api/features";
import { ReviewAsk } from "./ReviewAsk";
import { Spotlight } from "./Spotlight";

/** The promos (one a visit, SPEC §4) and, at the end of the dashboard, a review request. */
export function EngagementLayer() {
  const review = useQuery(featuresQuery()).data?.some(
    (entry) => entry.name === "review" && entry.state === "toNotify",
  );
  const onDashboard = useLocation().pathname === "/dashboard";
  return (
    <>
      <Spotlight />
      {review && onDashboard ? <ReviewAsk /> : null}
    </>
  );
}
