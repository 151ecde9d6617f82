import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, failureText } from "../../../api/client";
import { allows } from "../../../lib/rights";
import { useApp } from "../../../lib/appContext";
import { urlError } from "../../../lib/validation";
import { TextField } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { Select } from "../../../ui/Select";
import { StatusChip, type Tone } from "../../../ui/StatusChip";
import { Textarea } from "../../../ui/Textarea";
import { type MerchantApplication, merchantApi, merchantQuery, turnoverQuery } from "../merchantApi";
import { REGIONS, type Region, ratioOf, shareErrors } from "../merchantRules";

const TONES: Record<MerchantApplication["state"]["value"], Tone> = {
  pending: "blue",
  additional_info_required: "amber",
  agreement_sent: "amber",
  active: "green",
  rejected: "red",
};

const SAYS: Record<MerchantApplication["state"]["value"], string> = {
  pending: "Decta is reviewing your application. It usually answers within two working days.",
  additional_info_required: "Decta needs a little more from you before it can go on.",
  agreement_sent: "Decta has sent you its merchant agreement. Sign it to start taking cards.",
  active: "",
  rejected: "",
};

/** SPEC §2 Merchant: info, form, status. SPEC §4: 'Start Applying' when there is no
 * application; the status view while one exists and is not active. */
export function MerchantPage() {
  const { data, error, isPending } = useQuery(merchantQuery());
  const [applying, setApplying] = useState(false);
  const application = data?.application ?? null;
  const mayApply = allows(useApp().session, "merchant", "rw");
  return (
    <section className="panel panel-wide merchant" aria-labelledby="merchant-title">
      <h1 id="merchant-title">Merchant</h1>
      {error ? (
        <Notice tone="warning" title="Not available">
          {error instanceof ApiError ? error.message : "Something went wrong"}
        </Notice>
      ) : isPending ? null : application?.state.value === "active" ? (
        <Active application={application} />
      ) : application && application.state.value !== "rejected" ? (
        <Status application={application} />
      ) : applying ? (
        <MerchantFormView answering={null} />
      ) : (
        <Info rejected={application} onStart={mayApply ? () => setApplying(true) : null} />
      )}
    </section>
  );
}

function Info({ rejected, onStart }: { rejected: MerchantApplication | null; onStart: (() => void) | null }) {
  return (
    <>
      {rejected ? (
        <Notice tone="error" title="Your last application was not accepted">
          {rejected.note ?? "Decta could not accept the business as a merchant."}
        </Notice>
      ) : null}
      <h2>Take card payments</h2>
      <ul className="merchant-points">
        <li>Visa and Mastercard payments online and in person, through our partner Decta.</li>
        <li>Card sales paid out to your account.</li>
        <li>One short application: we send Decta what we already know about your business.</li>
      </ul>
      {onStart ? (
        <button type="button" className="button button-primary" onClick={onStart}>
          Start Applying
        </button>
      ) : (
        <p className="muted">Your Account Owner can apply for the business.</p>
      )}
    </>
  );
}

function Status({ application }: { application: MerchantApplication }) {
  const asked = application.state.value === "additional_info_required";
  const mayAnswer = allows(useApp().session, "merchant", "rw");
  return (
    <>
      <article className="loan-status" aria-labelledby="merchant-status-title">
        <div className="loan-status-head">
          <h2 id="merchant-status-title">Your application to accept cards</h2>
          <StatusChip tone={TONES[application.state.value]}>{application.state.label}</StatusChip>
        </div>
        <p>{SAYS[application.state.value]}</p>
        {application.note ? (
          <Notice tone="info" title="Decta asks">
            {application.note}
          </Notice>
        ) : null}
        <dl className="details">
          <dt>Website</dt>
          <dd>{application.form.companyWebsite}</dd>
          <dt>Business</dt>
          <dd>{application.form.businessDescription}</dd>
        </dl>
        {application.redirectUri ? (
          <a className="button button-primary" href={application.redirectUri}>
            {application.state.value === "agreement_sent"
              ? "Sign the agreement with Decta"
              : "Continue with Decta"}
          </a>
        ) : null}
      </article>
      {asked && mayAnswer ? <MerchantFormView answering={application} /> : null}
    </>
  );
}

function Active({ application }: { application: MerchantApplication }) {
  return (
    <article className="loan-status" aria-labelledby="merchant-active-title">
      <div className="loan-status-head">
        <h2 id="merchant-active-title">You accept cards</h2>
        <StatusChip tone="green">{application.state.label}</StatusChip>
      </div>
      <p>Decta has opened your merchant account. Card sales are paid out to your account.</p>
      <dl className="details">
        <dt>Merchant ID</dt>
        <dd>{application.merchantId}</dd>
        <dt>Website</dt>
        <dd>{application.form.companyWebsite}</dd>
      </dl>
    </article>
  );
}

type Shares = Record<Region, string>;

const sharesOf = (application: MerchantApplication | null): Shares => {
  const ratio = application?.form.potentialGeographyPercentRatio;
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? "" : String(value);
  return {
    uk: text(ratio?.uk),
    eea: text(ratio?.eea),
    us: text(ratio?.us),
    restOfWorld: text(ratio?.restOfWorld),
  };
};

/** The form; with `answering`, prefilled to answer the acquirer's question. */
function MerchantFormView({ answering }: { answering: MerchantApplication | null }) {
  const turnover = useQuery(turnoverQuery()).data?.volumeGbp ?? [];
  const [website, setWebsite] = useState(answering?.form.companyWebsite ?? "");
  const [potentialTurnover, setTurnover] = useState(answering?.form.potentialTurnover ?? "");
  const [shares, setShares] = useState<Shares>(() => sharesOf(answering));
  const [description, setDescription] = useState(answering?.form.businessDescription ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  const send = async () => {
    const found = {
      ...(urlError(website) ? { companyWebsite: "Invalid URL" } : {}),
      ...shareErrors(shares),
    };
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const applied = await merchantApi.apply({
        provider: "decta",
        form: {
          companyWebsite: website,
          potentialTurnover,
          potentialGeographyPercentRatio: ratioOf(shares),
          businessDescription: description,
        },
      });
      client.setQueryData(merchantQuery().queryKey, { application: applied });
    } catch (caught) {
      if (caught instanceof ApiError && Object.keys(caught.fields).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(caught.fields).map(([key, text]) => [key.replace(/^form\./, ""), text]),
          ),
        );
      } else setFailure(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="loan-form"
      noValidate
      aria-labelledby="merchant-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h2 id="merchant-form-title">{answering ? "Answer Decta" : "Apply to accept cards"}</h2>
      <TextField
        label="Company website"
        name="companyWebsite"
        inputMode="url"
        autoComplete="url"
        value={website}
        error={errors.companyWebsite}
        onChange={(event) => setWebsite(event.target.value)}
      />
      <Select
        label="Card sales a month"
        name="potentialTurnover"
        value={potentialTurnover}
        error={errors.potentialTurnover}
        placeholder="Choose an amount"
        onChange={setTurnover}
        options={turnover.map((choice) => ({ value: choice.value, label: choice.label }))}
      />
      <fieldset className="merchant-shares">
        <legend>Where your card sales come from, in percent</legend>
        {errors.potentialGeographyPercentRatio ? (
          <p className="field-error" role="alert">
            {errors.potentialGeographyPercentRatio}
          </p>
        ) : null}
        {REGIONS.map(([region, label]) => (
          <TextField
            key={region}
            label={label}
            name={`potentialGeographyPercentRatio.${region}`}
            inputMode="numeric"
            value={shares[region]}
            error={errors[`potentialGeographyPercentRatio.${region}`]}
            onChange={(event) => setShares((current) => ({ ...current, [region]: event.target.value }))}
          />
        ))}
      </fieldset>
      <Textarea
        label={answering ? "What you sell, and your answer to Decta" : "What your business sells"}
        name="businessDescription"
        maxLength={1000}
        value={description}
        error={errors.businessDescription}
        onChange={(event) => setDescription(event.target.value)}
      />
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {answering ? "Send your answer" : "Apply"}
        </button>
      </div>
    </form>
  );
}
