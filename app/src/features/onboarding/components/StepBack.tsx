import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { failureText } from "../../../api/client";
import { kycStatusQuery, onboardingApi } from "../api";

/** Back to the personal details and address: the server moves the application back a step and
 * the controller opens it. */
export function useStepBack() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      await onboardingApi.stepBack();
      await client.invalidateQueries({ queryKey: kycStatusQuery().queryKey });
      navigate("/controller");
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  };
  return { go, error, busy };
}

/** Back as a form of its own, posting `back` to `action`, so it works before hydration too
 * (server/http/onboarding_forms.rs). */
export function StepBack({ action }: { action: string }) {
  const back = useStepBack();
  return (
    <form
      method="post"
      action={action}
      className="step-back"
      onSubmit={(event) => {
        event.preventDefault();
        void back.go();
      }}
    >
      <input type="hidden" name="back" value="1" />
      <button type="submit" className="button button-quiet" disabled={back.busy}>
        Back
      </button>
      {back.error ? (
        <p className="notice notice-error" role="alert">
          {back.error}
        </p>
      ) : null}
    </form>
  );
}
