import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useMemo, useReducer } from "react";
import { useLocation, useParams } from "react-router";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError } from "../../../api/client";
import { featuresQuery, isOn } from "../../../api/features";
import { transactionQuery as transactionTakeQuery } from "../../../api/transactions";
import { useApp } from "../../../lib/appContext";
import { paysTransactions } from "../../../lib/rights";
import { parseQuery } from "../../../lib/url";
import { getPasskey } from "../../../lib/webauthn";
import { Redirect } from "../../../routing/Redirect";
import { NoticeDialog } from "../../../ui/NoticeDialog";
import { recipientsQuery, type Scheme, transfersApi, uploadAttachment } from "../api";
import {
  draftFromQuery,
  emptyDraft,
  type Mfa,
  receiverFrom,
  schemesFor,
  startTransfer,
  termsOf,
  transferErrors,
  transferReducer,
} from "../draft";
import { startTransactionsReset } from "../transactionsReset";
import { ApproveStep } from "./transfer/ApproveStep";
import { ConfirmStep } from "./transfer/ConfirmStep";
import { DoneStep } from "./transfer/DoneStep";
import { EditStep } from "./transfer/EditStep";
import { SchemeOffer } from "./transfer/SchemeOffer";

const NOTICE_CODES = ["country_not_supported", "limit_exceeded", "partner_name_already_exists"];
const SCHEME_CODES: Record<string, Scheme> = { "0": "sepa", "1": "local", "2": "swift" };

/** SPEC §2 transfer/{realmId} and transfer/{scheme}: for those who may pay. */
export function TransferPage() {
  const { session } = useApp();
  // SPEC §2/§6: paying needs the transaction right and a complete account.
  return paysTransactions(session) && session.accountReady ? <Transfer /> : <Redirect to="/dashboard" />;
}

/** The steps of one transfer: its state in `transferReducer`, its calls here, one component per step. */
function Transfer() {
  const { realmId = "" } = useParams();
  const location = useLocation();
  const query = useMemo(() => parseQuery(location.search), [location.search]);
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results.filter((a) => a.status === "active");
  const recipients = useSuspenseQuery(recipientsQuery()).data.results;
  const repeat = useQuery({ ...transactionTakeQuery(query.repeat ?? ""), enabled: Boolean(query.repeat) });
  const swiftAllowed = isOn(useQuery(featuresQuery()).data, "swiftAllowed");
  const client = useQueryClient();
  const [state, dispatch] = useReducer(transferReducer, undefined, () =>
    startTransfer(draftFromQuery(emptyDraft(accounts, realmId, SCHEME_CODES[realmId]), query, recipients)),
  );
  const { draft, step, fee, mfa } = state;
  if (repeat.data?.transfer && !state.repeated) {
    const t = repeat.data.transfer;
    dispatch({
      type: "repeated",
      patch: {
        accountId: repeat.data.bankAccountId,
        amount: String(Math.abs(repeat.data.amount)),
        scheme: t.scheme,
        receiver: receiverFrom(t.receiver, draft.receiver),
        details: t.reference,
      },
    });
  }

  const account = accounts.find((a) => a.id === draft.accountId) ?? accounts[0];
  if (!account) return <Redirect to="/dashboard" />;
  const schemes = schemesFor(account.currency, swiftAllowed);
  const scheme = schemes.includes(draft.scheme) ? draft.scheme : (schemes[0] ?? "swift");
  const terms = termsOf({ ...draft, scheme, accountId: account.id });

  const fail = (caught: unknown) => {
    // SPEC §8: these codes show a notice dialog with the server's title and message.
    if (caught instanceof ApiError && NOTICE_CODES.includes(caught.code)) {
      dispatch({ type: "noticed", notice: { title: caught.title, message: caught.message } });
    } else if (caught instanceof ApiError && caught.status < 500) {
      const named = Object.keys(caught.fields).length > 0;
      dispatch({
        type: "refused",
        errors: caught.fields,
        error: named ? null : `${caught.title}: ${caught.message}`,
      });
    } else dispatch({ type: "refused", error: "Something went wrong" });
  };
  const run = async (work: () => Promise<void>) => {
    dispatch({ type: "started" });
    try {
      await work();
    } catch (caught) {
      fail(caught);
    } finally {
      dispatch({ type: "finished" });
    }
  };

  const checkFee = () =>
    run(async () => {
      const found = transferErrors({ ...draft, scheme, accountId: account.id }, account.balance.available);
      dispatch({ type: "checked", errors: found });
      if (Object.keys(found).length) return;
      dispatch({ type: "feeAnswered", fee: await transfersApi.fee(terms), scheme });
    });

  const approve = () =>
    run(async () => {
      let asked: Mfa;
      try {
        asked = await transfersApi.approve(terms);
      } catch (caught) {
        // SPEC §4: a face request that cannot be made falls back to SMS.
        if (caught instanceof ApiError && caught.code === "request_data_invalid")
          asked = await transfersApi.approve(terms, "sms");
        else throw caught;
      }
      dispatch({ type: "approvalAsked", mfa: asked, transferId: crypto.randomUUID() });
    });

  const send = (confirm: (mfa: Mfa) => Promise<unknown>) =>
    run(async () => {
      if (!mfa || !state.transferId) return;
      try {
        await confirm(mfa);
      } catch (caught) {
        dispatch({ type: "codeTyped", code: "" });
        throw caught;
      }
      const result = await transfersApi.submit({
        ...terms,
        id: state.transferId,
        requestId: mfa.requestId,
        attachments: state.attachments.map((a) => a.id),
      });
      dispatch({ type: "submitted", result });
      // SPEC §4: accounts refetched and the transaction list reset on its schedule.
      void client.invalidateQueries({ queryKey: bankAccountsQuery().queryKey });
      if (draft.receiver.saveAsTemplate)
        void client.invalidateQueries({ queryKey: recipientsQuery().queryKey });
      startTransactionsReset(client);
    });

  const attach = (file: File) =>
    run(async () => {
      try {
        const id = await uploadAttachment(file, crypto.randomUUID());
        dispatch({ type: "attached", attachment: { id, name: file.name } });
      } catch (caught) {
        const message = caught instanceof Error ? caught.message : "The file could not be uploaded";
        dispatch({ type: "attachmentRefused", message });
      }
    });

  if (step === "done" && state.result)
    return (
      <DoneStep result={state.result} draft={draft} accountId={account.id} currency={account.currency} />
    );

  return (
    <section className="panel panel-wide" aria-labelledby="transfer-title">
      <h1 id="transfer-title">New transfer</h1>
      {state.error ? (
        <p className="notice notice-error" role="alert">
          {state.error}
        </p>
      ) : null}
      {state.notice ? (
        <NoticeDialog
          title={state.notice.title}
          message={state.notice.message}
          onClose={() => dispatch({ type: "noticed", notice: null })}
        />
      ) : null}
      {query.error ? (
        <p className="notice notice-error" role="alert">
          {plainFormError(query.error)}
        </p>
      ) : null}
      {step === "edit" ? (
        <EditStep
          state={state}
          dispatch={dispatch}
          accounts={accounts}
          account={account}
          schemes={schemes}
          scheme={scheme}
          recipients={recipients}
          onContinue={() => void checkFee()}
          onAttach={(file) => void attach(file)}
        />
      ) : null}
      {state.offer ? (
        <SchemeOffer
          offer={state.offer}
          current={scheme}
          fee={fee}
          onKeep={() => dispatch({ type: "offerDeclined" })}
          onTake={() => state.offer && dispatch({ type: "offerTaken", scheme: state.offer })}
        />
      ) : null}
      {step === "confirm" && fee ? (
        <ConfirmStep
          fee={fee}
          payee={draft.receiver.name}
          scheme={scheme}
          busy={state.busy}
          onBack={() => dispatch({ type: "steppedBack", to: "edit" })}
          onApprove={() => void approve()}
        />
      ) : null}
      {step === "approve" && mfa ? (
        <ApproveStep
          mfa={mfa}
          fee={fee}
          payee={draft.receiver.name}
          scheme={scheme}
          code={state.code}
          busy={state.busy}
          onCode={(code) => dispatch({ type: "codeTyped", code })}
          onSmsCode={(code) => void send((m) => transfersApi.confirmSms(m.requestId, code))}
          onPasskey={() =>
            void send(async (m) => {
              const { publicKey } = await transfersApi.passkeyChallenge(m.requestId);
              await transfersApi.confirmPasskey(m.requestId, await getPasskey(publicKey));
            })
          }
          onCancel={() => dispatch({ type: "steppedBack", to: "confirm" })}
        />
      ) : null}
    </section>
  );
}

/** Errors the plain-form flow sends back in the address. */
export function plainFormError(code: string): string {
  const messages: Record<string, string> = {
    amount: "Select right amount",
    required: "Check the highlighted fields: every field is required",
    invalid_code: "The code is incorrect",
    mfa_expired: "Request time is up",
    limit_exceeded: "This transfer is over your limit",
    rate_limited: "Too many attempts. Please try again later.",
    account_restricted: "Your account is temporarily restricted: payments cannot be sent.",
    onboarding_incomplete: "Please finish joining your team first.",
    account_not_ready: "Your account is not open yet. Please finish opening it first.",
    forbidden: "You are not allowed to do this",
    scheme_unavailable: "Payments to other banks are not available at the moment.",
    provider_unavailable: "We cannot send you a code at the moment. Please try again later.",
  };
  return messages[code] ?? "The transfer could not be made. Please check it and try again.";
}
