import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import { ApiError, failureText } from "../../../api/client";
import { parseQuery } from "../../../lib/url";
import { useForm } from "../../../lib/useForm";
import { emailError } from "../../../lib/validation";
import { CodeInput } from "../../../ui/CodeInput";
import { FormActions } from "../../../ui/FormActions";
import { PasswordFields, usePasswordPair } from "../../../ui/PasswordFields";
import { ResendButton } from "../../../ui/ResendButton";
import { TextField } from "../../../ui/fields";
import { PolicyConsent } from "../../../ui/PolicyConsent";
import { keepLinkKeys, keptLinkKeys } from "../../../lib/linkKeys";
import { invitationLinkQuery } from "../../../api/profiles";
import { REGISTRATION_STEPS, signupApi } from "../api";
import { clearDraft, type Flow, loadDraft, saveDraft } from "../registrationDraft";
import { Steps } from "../../../ui/Steps";

// SPEC §2 "Registration wizard (steps 0-4)". Steps 0-2 happen before the account exists (this
// page, auth set); steps 3-4 after it, signed in (PersonalInfoPage, director set).
export function RegistrationPage() {
  const search = useLocation().search;
  const query = parseQuery(search);
  // From an invitation link: the invited email, and the flow of an invited colleague.
  const invite = query.invite ?? null;
  const link = useQuery({ ...invitationLinkQuery(invite ?? ""), enabled: invite !== null }).data;
  const invited = link && "invitation" in link ? link.invitation : null;
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [email, setEmail] = useState("");
  const [flow, setFlow] = useState<Flow>(query.flow === "personal" ? "personal" : "business");
  const [info, setInfo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [restored, setRestored] = useState(false);

  // Resume after a reload. Read in an effect: the server render has no sessionStorage and the
  // first client render must match it.
  // A friend's referral link or a campaign's: kept until the sign-up (SPEC §9, 60 days).
  useEffect(() => {
    keepLinkKeys(window.localStorage, parseQuery(search), Date.now());
  }, [search]);

  useEffect(() => {
    const draft = invite === null ? loadDraft(window.sessionStorage) : null;
    if (draft) {
      setStep(draft.step);
      setEmail(draft.email);
      setFlow(draft.flow);
    }
    setRestored(true);
  }, [invite]);

  useEffect(() => {
    if (restored && invite === null) saveDraft(window.sessionStorage, { step, email, flow });
  }, [restored, invite, step, email, flow]);

  const go = (next: 0 | 1 | 2) => {
    setError(null);
    setInfo(null);
    setStep(next);
  };

  return (
    <section className="panel panel-wide" aria-labelledby="register-title">
      <Steps steps={REGISTRATION_STEPS} current={step} />
      <h1 id="register-title">{REGISTRATION_STEPS[step]}</h1>
      {info ? (
        <p className="notice notice-success" role="status">
          {info}
        </p>
      ) : null}
      {step === 0 ? (
        <EmailStep
          invitedEmail={invite === null ? null : (invited?.email ?? "")}
          problem={link && "problem" in link ? link.problem : null}
          flow={flow}
          onFlow={setFlow}
          busy={busy}
          error={error}
          onSubmit={async (value) => {
            setBusy(true);
            setError(null);
            try {
              await signupApi.sendEmailCode(value);
              setEmail(value);
              go(1);
              setInfo("We've sent you an email with verification code!");
            } catch (caught) {
              setError(
                caught instanceof ApiError
                  ? (caught.fields.email ?? failureText(caught))
                  : failureText(caught),
              );
            } finally {
              setBusy(false);
            }
          }}
        />
      ) : null}
      {step === 1 ? (
        <CodeStep
          email={email}
          error={error}
          busy={busy}
          onBack={() => go(0)}
          onResend={async () => {
            setError(null);
            try {
              await signupApi.sendEmailCode(email);
              setInfo("Verification code is resent to your email!");
            } catch (caught) {
              setError(failureText(caught));
            }
          }}
          onCode={async (code) => {
            setBusy(true);
            setError(null);
            try {
              const reply = await signupApi.verifyEmail(email, code);
              // SPEC §5: verification succeeds only when the response reports success.
              if (reply.success) go(2);
              else setError("Something went wrong");
            } catch (caught) {
              setError(failureText(caught));
            } finally {
              setBusy(false);
            }
          }}
        />
      ) : null}
      {step === 2 ? (
        <PasswordStep
          busy={busy}
          error={error}
          invited={invite !== null}
          onBack={() => go(1)}
          onSubmit={async (password, acceptPolicies) => {
            setBusy(true);
            setError(null);
            try {
              if (invite !== null) {
                await signupApi.createUser(password, "user_invited", { token: invite, acceptPolicies });
                // Signed in now: the invited-user set's controller leads the way.
                window.location.assign("/controller");
                return;
              }
              await signupApi.createUser(
                password,
                flow,
                undefined,
                keptLinkKeys(window.localStorage, Date.now()),
              );
              clearDraft(window.sessionStorage);
              // Signed in now: the director route set continues with the personal details.
              window.location.assign("/onboarding/user");
            } catch (caught) {
              setBusy(false);
              if (caught instanceof ApiError && caught.status === 403) go(0);
              setError(
                caught instanceof ApiError
                  ? (caught.fields.password ?? caught.fields.acceptPolicies ?? failureText(caught))
                  : failureText(caught),
              );
            }
          }}
        />
      ) : null}
      <p className="panel-links">
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      </p>
    </section>
  );
}

function ErrorLine({ error }: { error: string | null }) {
  return error ? (
    <p className="notice notice-error" role="alert">
      {error}
    </p>
  ) : null;
}

function EmailStep({
  invitedEmail,
  problem,
  flow,
  onFlow,
  busy,
  error,
  onSubmit,
}: {
  /** From an invitation: the email is the invited one (null: an ordinary sign-up). */
  invitedEmail: string | null;
  problem: string | null;
  flow: Flow;
  onFlow: (flow: Flow) => void;
  busy: boolean;
  error: string | null;
  onSubmit: (email: string) => Promise<void>;
}) {
  const { field, submit } = useForm({ email: emailError }, (values) => void onSubmit(values.email.trim()));
  if (invitedEmail !== null) {
    return (
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (invitedEmail) void onSubmit(invitedEmail);
        }}
      >
        <p>
          You are joining your team with the email your invitation was sent to. We will send a code to it.
        </p>
        <TextField label="Email" type="email" name="email" value={invitedEmail} readOnly />
        <ErrorLine error={problem ?? error} />
        <FormActions back="/accept-invite" submit="Continue" busy={busy || !invitedEmail} />
      </form>
    );
  }
  return (
    <form method="post" onSubmit={submit} noValidate>
      <p>Start with your email. We will send a code to confirm it is yours.</p>
      {/* RadioCards' own markup and classes, written out: the kit's module would add 0.4 KiB to
          the auth set's first load, which sits at its 80 KiB budget. */}
      <fieldset className="choice-group">
        <legend>Which account do you want to open?</legend>
        {(
          [
            ["business", "Business account", "For a company or a sole trader"],
            ["personal", "Personal account", "For yourself"],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className={flow === value ? "choice choice-selected" : "choice"}>
            <input
              type="radio"
              name="onboardingFlow"
              value={value}
              checked={flow === value}
              onChange={() => onFlow(value)}
            />
            <span className="choice-label">{label}</span>
            <span className="choice-hint">{hint}</span>
          </label>
        ))}
      </fieldset>
      <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field("email")} />
      <ErrorLine error={error} />
      <FormActions back="/" submit="Continue" busy={busy} />
    </form>
  );
}

function CodeStep({
  email,
  error,
  busy,
  onBack,
  onResend,
  onCode,
}: {
  email: string;
  error: string | null;
  busy: boolean;
  onBack: () => void;
  onResend: () => Promise<void>;
  onCode: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState("");
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === 6) void onCode(code);
      }}
    >
      <p>Enter the 6-digit code we sent to {email}.</p>
      <CodeInput
        label="Verification code"
        value={code}
        onChange={setCode}
        onComplete={(value) => void onCode(value)}
        disabled={busy}
      />
      <ErrorLine error={error} />
      <ResendButton onResend={onResend} />
      <FormActions back={onBack} submit="Continue" busy={busy || code.length !== 6} />
    </form>
  );
}

function PasswordStep({
  busy,
  error,
  invited,
  onBack,
  onSubmit,
}: {
  busy: boolean;
  error: string | null;
  /** An invited colleague also accepts the bank's policies here (SPEC §6). */
  invited: boolean;
  onBack: () => void;
  onSubmit: (password: string, acceptPolicies: boolean) => Promise<void>;
}) {
  const pair = usePasswordPair();
  const [accepted, setAccepted] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const consented = !invited || accepted;
        setConsentError(consented ? null : "Field is required");
        if (pair.check() && consented) void onSubmit(pair.password, accepted);
      }}
    >
      <p>Choose the password you will log in with.</p>
      <PasswordFields {...pair.fields} />
      {invited ? <PolicyConsent checked={accepted} onChange={setAccepted} error={consentError} /> : null}
      <ErrorLine error={error} />
      <FormActions back={onBack} submit="Create account" busy={busy} />
    </form>
  );
}

// In this module, not its own, so both routes load one chunk (the auth set's first-load budget).
/** SPEC §2 mobile invite-onboarding/user: from an invitation link, the registration with the
 * invited email; without one, how to start. */
export function InviteOnboardingPage() {
  const invite = parseQuery(useLocation().search).invite;
  if (invite) return <RegistrationPage />;
  return (
    <section className="panel" aria-labelledby="invitee-title">
      <h1 id="invitee-title">Join your team</h1>
      <p>
        Open the invitation link from your email on this phone, then log in or create your login to continue.
      </p>
      <div className="stack">
        <Link to="/login" className="button button-primary button-block">
          Log In
        </Link>
        <Link to="/accept-invite" className="button button-secondary button-block">
          About invitations
        </Link>
      </div>
    </section>
  );
}
