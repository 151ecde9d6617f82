import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError, failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { parseQuery } from "../../../lib/url";
import { CodeInput } from "../../../ui/CodeInput";
import { FormActions } from "../../../ui/FormActions";
import { ResendButton } from "../../../ui/ResendButton";
import { TextField } from "../../../ui/fields";
import { onboardingApi, userQuery } from "../api";
import { phoneError } from "../businessRules";
import { mayGoBack } from "../controller";
import { StepBack } from "./StepBack";

/** The messages for the error codes the plain-form posts come back with (server/http/onboarding_forms.rs). */
const FORM_ERRORS: Record<string, string> = {
  telephone: "Phone number is out of range",
  required: "Enter the 6-digit code",
  code_invalid: "The code is incorrect",
  rate_limited: "Too many attempts. Please wait a few minutes and try again.",
  step_not_open: "This step of your application is not open. Please continue from the overview.",
};

/**
 * SPEC §2 "Phone verification (select, verify, change)". Both steps are forms that post to the
 * server too, so they work before the page hydrates.
 */
export function PhoneVerificationPage() {
  const query = parseQuery(useLocation().search);
  const { session } = useApp();
  const formId = useId();
  const { data: user } = useSuspenseQuery(userQuery());
  const client = useQueryClient();
  const navigate = useNavigate();
  const given = user.telephoneDetails
    ? `${user.telephoneDetails.countryCode} ${user.telephoneDetails.number}`
    : "";
  const [mode, setMode] = useState<"select" | "verify">(
    given && (query.sent || !query.error) ? "verify" : "select",
  );
  const [telephone, setTelephone] = useState(given || "+44 ");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [code, setCode] = useState("");
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(
    query.error ? (FORM_ERRORS[query.error] ?? "Something went wrong") : null,
  );
  const [busy, setBusy] = useState(false);

  const choose = async () => {
    const problem = phoneError(telephone);
    setFieldError(problem);
    setError(null);
    if (problem) return;
    setBusy(true);
    try {
      const updated = await onboardingApi.setTelephone(telephone);
      client.setQueryData(userQuery().queryKey, updated);
      await onboardingApi.sendPhoneCode();
      setInfo("Phone number updated");
      setCode("");
      setMode("verify");
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields.telephone) setFieldError(caught.fields.telephone);
      else setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (value: string) => {
    setBusy(true);
    setError(null);
    try {
      const reply = await onboardingApi.verifyPhoneCode(value);
      // SPEC §5: SMS verification succeeds only when the answer reports success.
      if (!reply.success) throw new Error("not verified");
      setInfo("Phone number verified");
      await client.invalidateQueries();
      navigate("/controller");
    } catch (caught) {
      setError(failureText(caught));
      setCode("");
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="phone-title">
      <h1 id="phone-title">{mode === "select" ? "Your mobile number" : "Verify your phone"}</h1>
      {info ? (
        <p className="notice notice-success" role="status">
          {info}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {mode === "select" ? (
        <>
          <form
            id={formId}
            method="post"
            action="/phone-verification"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void choose();
            }}
          >
            <p>We will text a code to this number. You will also use it to approve log-ins and payments.</p>
            <TextField
              label="Mobile number"
              name="telephone"
              type="tel"
              autoComplete="tel"
              value={telephone}
              error={fieldError}
              hint="With the country code, e.g. +44 7700 900123"
              onChange={(event) => setTelephone(event.target.value)}
            />
          </form>
          {/* Back is a form of its own (forms do not nest), so the footer sits after this one. */}
          <FormActions
            back={
              mayGoBack(session.onboardingFlow, "phone") ? <StepBack action="/phone-verification" /> : null
            }
            submit="Send code"
            busy={busy}
            form={formId}
          />
        </>
      ) : (
        <form
          method="post"
          action="/phone-verification"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (code.length === 6) void verify(code);
          }}
        >
          <p>
            Enter the 6-digit code we texted to <strong>{given || telephone}</strong>.
          </p>
          <CodeInput
            label="Verification code"
            name="code"
            value={code}
            onChange={setCode}
            onComplete={(value) => void verify(value)}
            disabled={busy}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            Verify
          </button>
          <ResendButton
            onResend={async () => {
              setError(null);
              try {
                await onboardingApi.sendPhoneCode();
                setInfo("Code is sent again");
              } catch (caught) {
                setError(failureText(caught));
              }
            }}
          />
          <button type="button" className="button button-quiet" onClick={() => setMode("select")}>
            Change number
          </button>
        </form>
      )}
    </section>
  );
}
