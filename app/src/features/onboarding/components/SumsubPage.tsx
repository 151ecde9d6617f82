import { Checkbox } from "../../../ui/fields";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiError, failureText } from "../../../api/client";
import { parseQuery } from "../../../lib/url";
import { Redirect } from "../../../routing/Redirect";
import { identityAccessQuery, identityApi, kycStatusQuery } from "../api";
import { useKycStatus } from "../useKycStatus";

const OPEN: readonly string[] = ["to_verify", "to_complete"];

/**
 * SPEC §2 "Verification screen: agreement step then widget step"; back to the controller when
 * the KYC status does not ask for it. The agreement is a plain form, so it works before the page
 * hydrates; the widget finishes on its `completed` message and refetches its token on
 * `invalid-token` (SPEC §4, §8).
 */
export function SumsubPage() {
  const query = parseQuery(useLocation().search);
  const kyc = useKycStatus();
  const [step, setStep] = useState<"agreement" | "widget">(query.step === "widget" ? "widget" : "agreement");
  if (kyc.status && !OPEN.includes(kyc.status.kyc_status)) return <Redirect to="/controller" />;
  return (
    <section className="panel panel-wide" aria-labelledby="sumsub-title">
      <h1 id="sumsub-title">Verify your identity</h1>
      {kyc.status?.kyc_status === "to_complete" ? (
        <p className="notice notice-info" role="status">
          We could not confirm your identity from the photos. Please take them again.
        </p>
      ) : null}
      {step === "agreement" ? (
        <Agreement failed={query.error !== undefined} onDone={() => setStep("widget")} />
      ) : (
        <Widget />
      )}
    </section>
  );
}

function Agreement({ failed, onDone }: { failed: boolean; onDone: () => void }) {
  const [checked, setChecked] = useState(false);
  // A plain-form post without the box ticked comes back with an error code.
  const [error, setError] = useState<string | null>(failed ? "Field is required" : null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      method="post"
      action="/sumsub"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!checked) {
          setError("Field is required");
          return;
        }
        setBusy(true);
        identityApi
          .agree()
          .then(onDone)
          .catch((caught: unknown) => {
            setError(failureText(caught));
            setBusy(false);
          });
      }}
    >
      <p>
        To open your account we must confirm who you are. You will take a photo of your passport, identity
        card or driving licence, and a selfie. Our verification partner compares them and tells us the result.
      </p>
      <Checkbox
        name="accepted"
        value="on"
        checked={checked}
        error={error ?? undefined}
        onChange={(e) => setChecked(e.target.checked)}
        label="I agree that my photos and personal details are checked to verify my identity."
      />
      <div className="form-actions">
        <a href="/controller" className="button button-quiet">
          Back
        </a>
        <button type="submit" className="button button-primary" disabled={busy}>
          Continue
        </button>
      </div>
    </form>
  );
}

function Widget() {
  const access = useQuery(identityAccessQuery());
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const type = (event.data as { type?: unknown } | null)?.type;
      if (type === "completed") {
        void client
          .invalidateQueries({ queryKey: kycStatusQuery().queryKey })
          .then(() => navigate("/controller"));
      } else if (type === "invalid-token") {
        void access.refetch();
      }
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, [access, client, navigate]);

  if (access.isError) {
    return (
      <p className="notice notice-error" role="alert">
        {access.error instanceof ApiError && access.error.status < 500
          ? access.error.message
          : "Something went wrong"}
      </p>
    );
  }
  if (!access.data) return <p role="status">Opening the verification…</p>;
  if (access.data.provider !== "sandbox" || !access.data.widgetUrl) {
    return (
      <SumsubWidget
        token={access.data.token}
        onExpired={() => access.refetch().then((r) => r.data?.token ?? "")}
      />
    );
  }
  return (
    <iframe
      key={access.data.token}
      className="identity-widget"
      title="Identity verification"
      src={access.data.widgetUrl}
      allow="camera"
    />
  );
}

declare global {
  interface Window {
    snsWebSdk?: {
      init: (
        token: string,
        refresh: () => Promise<string>,
      ) => {
        withConf: (conf: object) => {
          on: (event: string, handler: () => void) => { build: () => { launch: (selector: string) => void } };
        };
      };
    };
  }
}

const SUMSUB_SDK = "https://static.sumsub.com/idensic/static/sns-websdk-builder.js";

/** Sumsub's WebSDK, loaded only when Sumsub is the provider. */
function SumsubWidget({ token, onExpired }: { token: string; onExpired: () => Promise<string> }) {
  const navigate = useNavigate();
  useEffect(() => {
    const launch = () =>
      window.snsWebSdk
        ?.init(token, onExpired)
        .withConf({ lang: "en" })
        .on("idCheck.onApplicantSubmitted", () => navigate("/controller"))
        .build()
        .launch("#sumsub-websdk-container");
    if (window.snsWebSdk) {
      launch();
      return;
    }
    const script = document.createElement("script");
    script.src = SUMSUB_SDK;
    script.onload = launch;
    document.head.appendChild(script);
  }, [token, onExpired, navigate]);
  return <div id="sumsub-websdk-container" className="identity-widget" />;
}
