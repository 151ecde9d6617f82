import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { formatDate } from "../../../lib/format";
import { authApi, type MfaStep, type PasskeyList, passkeysQuery } from "../api";
import { createPasskey, usePasskeysSupported } from "../../../lib/webauthn";
import { StepUp } from "./StepUp";

// SPEC §9 dd.MM.yyyy, the London date.
const when = (ms: number) => formatDate(new Date(ms).toISOString());

type Change = { kind: "add" } | { kind: "remove"; id: string };

/** The person's own details and how they approve log-ins: enrol or remove a passkey. */
export function SecurityPage() {
  const { session } = useApp();
  const client = useQueryClient();
  const { data } = useSuspenseQuery(passkeysQuery());
  const supported = usePasskeysSupported();
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  // A change the server held back until the person confirms it's them.
  const [held, setHeld] = useState<{ change: Change; step: MfaStep } | null>(null);
  const settle = (list: PasskeyList, text: string) => {
    client.setQueryData(passkeysQuery().queryKey, list);
    setMessage({ error: false, text });
  };
  const failed = (change: Change) => async (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === "step_up_required") {
      try {
        setHeld({ change, step: await authApi.startStepUp() });
        setMessage(null);
      } catch (stepFailed) {
        setMessage({
          error: true,
          text: stepFailed instanceof ApiError ? stepFailed.message : "Something went wrong",
        });
      }
      return;
    }
    setMessage({
      error: true,
      text:
        caught instanceof ApiError
          ? (caught.fields.credential ?? caught.message)
          : "The passkey was not set up. Please try again.",
    });
  };
  const add = useMutation({
    mutationFn: async () => {
      const { publicKey } = await authApi.startEnrolment();
      return authApi.finishEnrolment(await createPasskey(publicKey));
    },
    onSuccess: (list) =>
      settle(list, "Passkey added. You will approve log-ins with your face or fingerprint."),
    onError: failed({ kind: "add" }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => authApi.removePasskey(id),
    onSuccess: (list) =>
      settle(
        list,
        list.results.length === 0 ? "Passkey removed. You will approve log-ins by SMS." : "Passkey removed.",
      ),
    onError: (caught, id) => failed({ kind: "remove", id })(caught),
  });
  const resume = (change: Change) => {
    setHeld(null);
    if (change.kind === "add") add.mutate();
    else remove.mutate(change.id);
  };

  return (
    <section className="panel panel-wide" aria-labelledby="security-title">
      <h1 id="security-title">Your details</h1>
      <dl className="details">
        <dt>Name</dt>
        <dd>
          {session.user?.name} {session.user?.surname}
        </dd>
        <dt>Email</dt>
        <dd>{session.user?.email}</dd>
        <dt>Log-in approval</dt>
        <dd>{data.mfaMethod === "challenge_proxied" ? "Face or fingerprint (passkey)" : "SMS code"}</dd>
      </dl>
      <h2>Passkeys</h2>
      <p>
        A passkey lets you approve log-ins with your face, fingerprint or screen lock instead of an SMS code.
      </p>
      {held ? (
        <StepUp step={held.step} onConfirmed={() => resume(held.change)} onCancel={() => setHeld(null)} />
      ) : null}
      {message ? (
        <p className={message.error ? "notice notice-error" : "notice notice-success"} role="status">
          {message.text}
        </p>
      ) : null}
      {data.results.length > 0 ? (
        <ul className="passkeys">
          {data.results.map((passkey, index) => (
            <li key={passkey.id} className="passkey">
              <span>
                Passkey {index + 1}, added {when(passkey.createdAt)}
                {passkey.lastUsedAt ? `, last used ${when(passkey.lastUsedAt)}` : ""}
              </span>
              <button
                type="button"
                className="button button-quiet"
                onClick={() => remove.mutate(passkey.id)}
                disabled={remove.isPending}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        className="button button-primary"
        onClick={() => add.mutate()}
        disabled={add.isPending || !supported}
      >
        Add a passkey
      </button>
    </section>
  );
}
