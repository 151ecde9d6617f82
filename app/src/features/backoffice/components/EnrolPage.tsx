import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { refusalOf } from "../../../api/client";
import { createPasskey } from "../../../lib/webauthn";
import { parseQuery } from "../../../lib/url";
import { Button } from "../../../ui/Button";
import { useHydrated } from "../../../ui/fields";
import { Notice } from "../../../ui/Notice";
import { backOfficeApi, enrolmentQuery } from "../api";
import { ROLE_NAMES } from "../duties";

/** A new member of staff opens their one-time link and creates the passkey they sign in with. */
export function EnrolPage() {
  const hydrated = useHydrated();
  const token = parseQuery(useLocation().search).token ?? "";
  const { data: enrolment } = useQuery(enrolmentQuery(token));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (enrolment === null) {
    return (
      <section className="panel" aria-labelledby="enrol-title">
        <h1 id="enrol-title">Link not valid</h1>
        <Notice tone="error">
          This enrolment link has been used or has expired. Ask an administrator for a new one.
        </Notice>
      </section>
    );
  }
  if (!enrolment) return null;

  const enrol = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const ceremony = await backOfficeApi.enrolmentOptions(token);
      const credential = await createPasskey(ceremony.publicKey as Record<string, unknown>);
      await backOfficeApi.enrol(token, ceremony.ceremonyId, credential);
      window.location.assign("/back-office");
    } catch (caught) {
      setFailure(refusalOf(caught).message ?? "The passkey was not created. Please try again.");
      setBusy(false);
    }
  };

  return (
    <section className="panel" aria-labelledby="enrol-title">
      <h1 id="enrol-title">Create your passkey</h1>
      <p>
        Welcome to the back office, {enrolment.email} ({ROLE_NAMES[enrolment.role]}). You sign in with a
        passkey on this device: your fingerprint, face or screen lock. There is no password.
      </p>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <Button block loading={busy} disabled={!hydrated} onClick={enrol}>
        Create passkey
      </Button>
    </section>
  );
}
