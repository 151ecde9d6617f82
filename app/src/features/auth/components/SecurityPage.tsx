import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { authApi, type PasskeyList, passkeysQuery } from "../api";
import { createPasskey, usePasskeysSupported } from "../webauthn";

// SPEC §9 dd.MM.yyyy. Made per call: an Intl object in module scope cannot go into the V8
// startup snapshot.
const when = (ms: number) =>
  new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "2-digit", year: "numeric" })
    .format(new Date(ms))
    .replaceAll("/", ".");

/** The person's own details and how they approve log-ins: enrol or remove a passkey. */
export function SecurityPage() {
  const { session } = useApp();
  const client = useQueryClient();
  const { data } = useSuspenseQuery(passkeysQuery());
  const supported = usePasskeysSupported();
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const settle = (list: PasskeyList, text: string) => {
    client.setQueryData(passkeysQuery().queryKey, list);
    setMessage({ error: false, text });
  };
  const failed = (caught: unknown) =>
    setMessage({
      error: true,
      text:
        caught instanceof ApiError
          ? (caught.fields.credential ?? caught.message)
          : "The passkey was not set up. Please try again.",
    });
  const add = useMutation({
    mutationFn: async () => {
      const { publicKey } = await authApi.startEnrolment();
      return authApi.finishEnrolment(await createPasskey(publicKey));
    },
    onSuccess: (list) =>
      settle(list, "Passkey added. You will approve log-ins with your face or fingerprint."),
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (id: string) => authApi.removePasskey(id),
    onSuccess: (list) =>
      settle(
        list,
        list.results.length === 0 ? "Passkey removed. You will approve log-ins by SMS." : "Passkey removed.",
      ),
    onError: failed,
  });

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
