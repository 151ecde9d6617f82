import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "../../../routing/Link";
import { ApiError, failureText } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { allows } from "../../../lib/rights";
import { EmptyState, Notice } from "../../../ui/Notice";
import { NoticeDialog } from "../../../ui/NoticeDialog";
import { partnersQuery } from "../api";
import { invoicesApi } from "../api";

/** SPEC §2 invoice/contractors: the business's contractors and clients, to bill, change or
 * remove (changing needs the invoice right's full level). */
export function ContractorsPage() {
  const { session } = useApp();
  const canChange = allows(session, "invoice", "rw");
  const { data } = useSuspenseQuery(partnersQuery());
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<{ title: string; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const remove = async (id: string, name: string) => {
    if (!window.confirm(`Delete ${name}?`)) return;
    try {
      await invoicesApi.removePartner(id);
      setNotice(`${name} deleted`);
      await client.invalidateQueries({ queryKey: partnersQuery().queryKey });
    } catch (caught) {
      setRefusal(
        caught instanceof ApiError && caught.status === 409
          ? { title: caught.title, message: caught.message }
          : { title: "Not deleted", message: failureText(caught) },
      );
    }
  };

  return (
    <section aria-labelledby="contractors-title" className="invoices">
      <div className="page-head">
        <h1 id="contractors-title">My Contractors / Clients</h1>
        {canChange ? (
          <Link to="/invoice/contractors/new" className="button button-primary">
            Add contractor/client
          </Link>
        ) : null}
      </div>
      {notice ? <Notice tone="success">{notice}</Notice> : null}
      {data.results.length === 0 ? (
        <EmptyState title="No contractors or clients yet">
          <p>Add the people and companies you bill, and invoice them in a few taps.</p>
        </EmptyState>
      ) : (
        <ul className="partner-list" aria-label="Contractors and clients">
          {data.results.map((partner) => (
            <li key={partner.id} className="partner">
              <span className="avatar" aria-hidden="true">
                {partner.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="partner-text">
                <strong>{partner.name}</strong>
                <span className="muted">
                  {partner.type === "company" ? "Company" : "Private person"} · {partner.email} ·{" "}
                  {partner.currency}
                </span>
              </span>
              {canChange ? (
                <span className="partner-actions">
                  <Link to={`/invoice/new?cId=${partner.id}`} aria-label={`Invoice ${partner.name}`}>
                    Invoice
                  </Link>
                  <Link to={`/invoice/contractors/edit/${partner.id}`} aria-label={`Edit ${partner.name}`}>
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="button button-quiet"
                    aria-label={`Delete ${partner.name}`}
                    onClick={() => void remove(partner.id, partner.name)}
                  >
                    Delete
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {refusal ? (
        <NoticeDialog title={refusal.title} message={refusal.message} onClose={() => setRefusal(null)} />
      ) : null}
    </section>
  );
}
