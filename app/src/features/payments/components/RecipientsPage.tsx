import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../../../routing/Link";
import type { Scheme } from "../api";

/** SPEC §2 transfer/{scheme}: 0 sepa, 1 local, 2 swift. */
const SCHEME_CODES: Record<Scheme, string> = { sepa: "0", local: "1", swift: "2" };
import { failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { paysTransactions, readsTransactions } from "../../../lib/rights";
import { Redirect } from "../../../routing/Redirect";
import { recipientsApi, recipientsQuery } from "../api";

/** SPEC §2 recipients: the profile's payees, to add, change or remove (transaction rights only). */
export function RecipientsPage() {
  const { session } = useApp();
  return readsTransactions(session) ? (
    <RecipientList canChange={paysTransactions(session)} />
  ) : (
    <Redirect to="/dashboard" />
  );
}

function RecipientList({ canChange }: { canChange: boolean }) {
  const location = useLocation();
  const { data } = useSuspenseQuery(recipientsQuery());
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );
  const [error, setError] = useState<string | null>(null);

  const remove = async (id: string, name: string) => {
    if (!window.confirm(`Delete ${name}?`)) return;
    setError(null);
    try {
      const done = await recipientsApi.remove(id);
      setNotice(done.message);
      await client.invalidateQueries({ queryKey: recipientsQuery().queryKey });
    } catch (caught) {
      setError(failureText(caught));
    }
  };

  return (
    <section aria-labelledby="recipients-title" className="recipients">
      <div className="page-head">
        <h1 id="recipients-title">Recipients</h1>
        {canChange ? (
          <Link to="/recipients/create" className="button button-primary">
            Add recipient
          </Link>
        ) : null}
      </div>
      {notice ? (
        <p className="notice notice-success" role="status">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {data.results.length === 0 ? (
        <p>No recipients yet. Add the people and companies you pay.</p>
      ) : (
        <ul className="recipient-list" aria-label="Recipients">
          {data.results.map((recipient) => (
            <li key={recipient.id} className="recipient">
              <span className="avatar" aria-hidden="true">
                {recipient.abbreviation}
              </span>
              <span className="recipient-text">
                <strong>{recipient.label.title}</strong>
                <span className="muted">
                  {recipient.label.footer} · {recipient.currency}
                </span>
              </span>
              {canChange ? (
                <span className="recipient-actions">
                  <Link
                    to={`/transfer/${SCHEME_CODES[recipient.scheme]}?recipient=${recipient.id}`}
                    aria-label={`Pay ${recipient.name}`}
                  >
                    Pay
                  </Link>
                  <Link to={`/recipients/edit/${recipient.id}`} aria-label={`Edit ${recipient.name}`}>
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button button-quiet"
                    aria-label={`Delete ${recipient.name}`}
                    onClick={() => void remove(recipient.id, recipient.name)}
                  >
                    Delete
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
