import { Checkbox } from "../../../ui/fields";
import { Select } from "../../../ui/Select";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../api/client";
import { download } from "../../../api/download";
import { selectable } from "../access";
import { bankAccountsQuery, documentUrls } from "../api";

/** SPEC §2 proof letter: a PDF confirming the account holder and the account's details. */
export function ProofLetterPage() {
  const accounts = useQuery(bankAccountsQuery());
  const list = (accounts.data?.results ?? []).filter(selectable);
  const [account, setAccount] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = account || list[0]?.id || "";
  return (
    <section className="panel panel-wide" aria-labelledby="proof-title">
      <h1 id="proof-title">Proof Of Banking Account</h1>
      <p>A letter on our letterhead confirming that you hold the account, with its details.</p>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
      <form
        method="get"
        action="/v2/documents/proof_letter"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setFailure(null);
          if (!agreed) {
            setError("Field is required");
            return;
          }
          try {
            await download(documentUrls.proofLetter(chosen), 30_000);
          } catch (caught) {
            setFailure(caught instanceof ApiError ? caught.message : "Something went wrong, try again later");
          }
        }}
      >
        <Select
          label="Account"
          name="entId"
          value={chosen}
          onChange={setAccount}
          options={list.map((a) => ({ value: a.id, label: `${a.currency} · ${a.iban}` }))}
        />
        <Checkbox
          name="agreement"
          required
          checked={agreed}
          error={error ?? undefined}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setError(null);
          }}
          label="I confirm that I will use this letter only to prove my account details."
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            Download letter
          </button>
        </div>
      </form>
    </section>
  );
}
