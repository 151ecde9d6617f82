import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createPortal } from "react-dom";
import { type FeatureEntry, featuresQuery } from "../../../api/features";
import { useApp } from "../../../lib/appContext";
import { engagementApi } from "../api";

type Platform = "trustpilot" | "app_store" | "google_play";

/** Where each platform's review page is, for this bank. */
function reviewUrl(platform: Platform, baseUrl: string, name: string): string {
  const term = encodeURIComponent(name);
  if (platform === "trustpilot")
    return `https://www.trustpilot.com/evaluate/${baseUrl.replace(/^https?:\/\//, "")}`;
  if (platform === "app_store") return `https://apps.apple.com/search?term=${term}`;
  return `https://play.google.com/store/search?q=${term}&c=apps`;
}

/** Issue 31 point 5: after a success that matters, at the end of the dashboard (never over a
 * task, never over the page), the person is asked once in 90 days to review the bank; the
 * answer, a platform or not now, goes to POST /v2/users/reviews. */
export function ReviewAsk() {
  const { site } = useApp();
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  const main = typeof document === "undefined" ? null : document.getElementById("main");
  if (done || !main) return null;
  const answer = (platform: Platform | null) => {
    setDone(true);
    client.setQueryData<FeatureEntry[]>(featuresQuery().queryKey, (current) =>
      current?.map((entry) => (entry.name === "review" ? { ...entry, state: "dismissed" } : entry)),
    );
    engagementApi.review(platform).catch(() => undefined);
  };
  const platforms: [Platform, string][] = [
    ["trustpilot", "Trustpilot"],
    ["app_store", "App Store"],
    ["google_play", "Google Play"],
  ];
  return createPortal(
    <section className="review-ask" aria-labelledby="review-title">
      <h2 id="review-title">Happy with {site.tradingName}?</h2>
      <p>A short review helps other businesses and people find us. It takes a minute.</p>
      <div className="form-actions form-actions-start">
        {platforms.map(([platform, label]) => (
          <a
            key={platform}
            className="button button-secondary"
            href={reviewUrl(platform, site.baseUrl, site.tradingName)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => answer(platform)}
          >
            Review on {label}
          </a>
        ))}
        <button type="button" className="button button-quiet" onClick={() => answer(null)}>
          Not now
        </button>
      </div>
    </section>,
    main,
  );
}
