import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError } from "../../../api/client";
import { useApp } from "../../../lib/appContext";
import { formatMoney } from "../../../lib/format";
import { paysTransactions } from "../../../lib/rights";
import { CodeInput } from "../../../ui/CodeInput";
import {
  type MfaMethod,
  transfersApi,
  type WaitingTransfer,
  approvalsApi,
  waitingTransfersQuery,
} from "../api";

/** The dashboard's list of transfers waiting for a second approval (issue 13 point 6). */
export function PendingApprovals() {
  const { session } = useApp();
  return paysTransactions(session) ? <Pending /> : null;
}

function Pending() {
  const waiting = useQuery(waitingTransfersQuery()).data?.results ?? [];
  if (waiting.length === 0) return null;
  return (
    <section className="panel panel-wide pending-approvals" aria-labelledby="pending-title">
      <h2 id="pending-title">Waiting for approval</h2>
      <ul className="team-list">
        {waiting.map((item) => (
          <Waiting key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

type Mfa = { method: MfaMethod; requestId: string; lastDigits: string };

function Waiting({ item }: { item: WaitingTransfer }) {
  const client = useQueryClient();
  const [mfa, setMfa] = useState<Mfa | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = () => {
    void client.invalidateQueries({ queryKey: waitingTransfersQuery().queryKey });
    void client.invalidateQueries({ queryKey: bankAccountsQuery().queryKey });
    void client.invalidateQueries({ queryKey: ["transactions"] });
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "Something went wrong");
    } finally {
      setBusy(false);
    }
  };
  const amount = formatMoney(Number(item.amount), item.currency);
  return (
    <li className="team-member">
      <span className="team-member-name">{`${amount} to ${item.payeeName}`}</span>
      <span className="team-member-role">{`Made by ${item.createdBy}`}</span>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {mfa ? (
        <div className="step-up">
          <p>{`We sent a code to your phone ending ${mfa.lastDigits}. It names the amount and the payee.`}</p>
          <CodeInput
            label="SMS code"
            value={code}
            onChange={setCode}
            disabled={busy}
            onComplete={(secret) =>
              void run(async () => {
                try {
                  await transfersApi.confirmSms(mfa.requestId, secret);
                } catch (caught) {
                  setCode("");
                  throw caught;
                }
                await approvalsApi.approve(item.id, mfa.requestId);
                settle();
              })
            }
          />
        </div>
      ) : (
        <div className="form-actions">
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await approvalsApi.reject(item.id);
                settle();
              })
            }
          >
            {item.canApprove ? "Reject" : "Withdraw"}
          </button>
          {item.canApprove ? (
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  // The approver's own approval, bound to the transfer's terms (SMS: it names them).
                  setMfa(await transfersApi.approve(item.terms, "sms"));
                })
              }
            >
              Approve
            </button>
          ) : (
            <span className="team-member-role">Waiting for a colleague</span>
          )}
        </div>
      )}
    </li>
  );
}
