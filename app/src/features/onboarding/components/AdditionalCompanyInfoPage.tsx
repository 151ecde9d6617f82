import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Textarea } from "../../../ui/Textarea";
import { failureText } from "../../../api/client";
import { Redirect } from "../../../routing/Redirect";
import { activationApi, kycStatusQuery, onboardingQuery } from "../api";
import { useKycStatus } from "../useKycStatus";

/**
 * SPEC §4: kyb_requested and kyb_pending route here. When the bank asks for more, the person
 * answers; while the bank reviews, the page says so and follows the status.
 */
export function AdditionalCompanyInfoPage() {
  const kyc = useKycStatus();
  const { data: onboarding } = useSuspenseQuery(onboardingQuery());
  const client = useQueryClient();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = kyc.status?.kyc_status;
  if (status && status !== "kyb_requested" && status !== "kyb_pending") return <Redirect to="/controller" />;
  return (
    <section className="panel panel-wide" aria-labelledby="kyb-title">
      <h1 id="kyb-title">Business Verification</h1>
      {status === "kyb_requested" ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) {
              setError("Field is required");
              return;
            }
            setBusy(true);
            activationApi
              .additionalInfo(text)
              .then(() => client.invalidateQueries({ queryKey: kycStatusQuery().queryKey }))
              .catch((caught: unknown) => setError(failureText(caught)))
              .finally(() => setBusy(false));
          }}
        >
          <p>We need a little more information about your business:</p>
          <blockquote className="review-note">{onboarding.reviewNote}</blockquote>
          <Textarea
            label="Your answer"
            name="text"
            rows={6}
            maxLength={2000}
            value={text}
            error={error ?? undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            Send
          </button>
        </form>
      ) : (
        <p role="status">
          We are reviewing your business. This usually takes one working day; we will email you as soon as it
          is done.
        </p>
      )}
    </section>
  );
}
