import { plainFormError } from "../plainFormError";
import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useReducer } from "react";
import { useLocation, useParams } from "react-router";
import { bankAccountsQuery } from "../../../api/bankAccounts";
import { ApiError } from "../../../api/client";
import { featuresQuery, isOn } from "../../../api/features";
import { transactionQuery as transactionTakeQuery } from "../../../api/transactions";
import { useApp } from "../../../lib/appContext";
import { paysTransactions } from "../../../lib/rights";
import { formatMoney } from "../../../lib/format";
import { usePageQuery } from "../../../lib/usePageQuery";
import { getPasskey } from "../../../lib/webauthn";
import { Redirect } from "../../../routing/Redirect";
import { useHydrated } from "../../../ui/fields";
import { NoticeDialog } from "../../../ui/NoticeDialog";
import { Steps, useStepFocus } from "../../../ui/Steps";
import { recipientsQuery, type Scheme, transfersApi, uploadAttachment } from "../api";
import {
  amountErrors,
  draftFromPost,
  draftFromQuery,
  emptyDraft,
  type Mfa,
  receiverFrom,
  STEP_LABELS,
  schemesFor,
  startTransfer,
  stepIndex,
  type TransferStep,
  termsOf,
  transferErrors,
  transferReducer,
} from "../draft";
import { startTransactionsReset } from "../transactionsReset";
import { EditStep } from "./transfer/EditStep";
import { SchemeOffer } from "./transfer/SchemeOffer";

/** The heading of each step, as the stepper names where the person is. */
const STEP_TITLES: Record<TransferStep, string> = {
  amount: "How much, and from where",
  payee: "Who you are paying",
  confirm: "Check and send",
  approve: "Approve the transfer",
  done: "Done",
};

const NOTICE_CODES = ["country_not_supported", "limit_exceeded", "partner_name_already_exists"];
const SCHEME_CODES: Record<string, Scheme> = { "0": "sepa", "1": "local", "2": "swift" };

/** SPEC §2 transfer/{realmId} and transfer/{scheme}: for those who may pay. */
const laterSteps = () => import("./transfer/laterSteps");
const ConfirmStep = lazy(() => laterSteps().then((m) => ({ default: m.ConfirmStep })));
const ApproveStep = lazy(() => laterSteps().then((m) => ({ default: m.ApproveStep })));
const DoneStep = lazy(() => laterSteps().then((m) => ({ default: m.DoneStep })));

export function TransferPage() {
  const { session } = useApp();
  // Each arrival here is a new transfer, "Send money" chosen again mid-way too: the location's
  // key changes with every navigation, and with it the whole flow's state.
  const { key } = useLocation();
  // SPEC §2/§6: paying needs the transaction right and a complete account.
  return paysTransactions(session) && session.accountReady ? (
    <Transfer key={key} />
  ) : (
    <Redirect to="/dashboard" />
  );
}

/** The steps of one transfer: its state in `transferReducer`, its calls here, one component per step. */
function Transfer() {
  const { realmId = "" } = useParams();
  const query = usePageQuery();
  const accounts = useSuspenseQuery(bankAccountsQuery()).data.results.filter((a) => a.status === "active");
  const recipients = useSuspenseQuery(recipientsQuery()).data.results;
  const repeat = useQuery({ ...transactionTakeQuery(query.repeat ?? ""), enabled: Boolean(query.repeat) });
  const swiftAllowed = isOn(useQuery(featuresQuery()).data, "swiftAllowed");
  const client = useQueryClient();
  const [state, dispatch] = useReducer(transferReducer, undefined, () => {
    const fresh = draftFromQuery(emptyDraft(accounts, realmId, SCHEME_CODES[realmId]), query, recipients);
    const back = draftFromPost(fresh, query, recipients);
    return startTransfer(back.draft, back.errors, back.step);
  });
  const hydrated = useHydrated();
  // Fetched while the person fills in the amount, so "Continue" never waits for it.
  useEffect(() => {
    void laterSteps();
  }, []);
  const heading = useStepFocus<HTMLHeadingElement>(state.step);
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

  const checkAmount = () =>
    dispatch({
      type: "amountChecked",
      errors: amountErrors({ ...draft, scheme, accountId: account.id }, account.balance.available),
    });

  const checkFee = () =>
    run(async () => {
      const found = transferErrors({ ...draft, scheme, accountId: account.id }, account.balance.available);
      dispatch({ type: "checked", errors: found });
      if (found.amount) dispatch({ type: "steppedBack", to: "amount" });
      if (Object.keys(found).length) return;
      try {
        const fee = await transfersApi.fee(terms);
        if (fee.scheme === "local" && scheme === "local" && terms.receiver) await checkPayee(terms.receiver);
        dispatch({ type: "feeAnswered", fee, scheme });
      } catch (caught) {
        // The server's refusal of the amount (over what is available with the fee) is the
        // amount step's to show.
        if (caught instanceof ApiError && caught.fields.amount)
          dispatch({ type: "steppedBack", to: "amount" });
        throw caught;
      }
    });

  /** Confirmation of Payee before the review; no answer is shown as none (the server checks
   * again when the transfer is sent, whatever this found). */
  const checkPayee = async (receiver: NonNullable<typeof terms.receiver>) => {
    try {
      dispatch({ type: "payeeChecked", check: await transfersApi.checkPayee(receiver) });
    } catch {
      dispatch({ type: "payeeChecked", check: null });
    }
  };

  const takeName = (name: string) =>
    run(async () => {
      dispatch({ type: "receiverEdited", patch: { name } });
      if (terms.receiver) await checkPayee({ ...terms.receiver, name });
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
        ...(state.payeeCheck
          ? { payeeCheck: { id: state.payeeCheck.id, accepted: state.riskAccepted } }
          : {}),
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
      <Suspense fallback={null}>
        <DoneStep result={state.result} draft={draft} accountId={account.id} currency={account.currency} />
      </Suspense>
    );

  // The same step before and after hydration: a form that changed its length under the reader
  // would move what they were about to tap (Lighthouse measured a 0.044 shift).
  const part = step === "payee" ? "payee" : "amount";
  return (
    <section className="panel panel-wide" aria-labelledby="transfer-title">
      {/* The same heading and steps before and after hydration: a heading that changed its
          length would push the form down under the reader (Lighthouse measured a 0.6 shift). */}
      <h1 id="transfer-title" ref={heading} tabIndex={-1}>
        {STEP_TITLES[step]}
      </h1>
      <Steps steps={STEP_LABELS} current={stepIndex(step)} />
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
      {step === "amount" || step === "payee" ? (
        <EditStep
          state={state}
          dispatch={dispatch}
          accounts={accounts}
          account={account}
          schemes={schemes}
          scheme={scheme}
          recipients={recipients}
          part={part}
          plain={!hydrated}
          onContinue={() => (part === "amount" ? checkAmount() : void checkFee())}
          onBack={() => dispatch({ type: "steppedBack", to: "amount" })}
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
      {/* Each later step in its own boundary, which exists only once it shows: one in the
          server's HTML would hydrate empty and then be updated mid-hydration. */}
      {step === "confirm" && fee ? (
        <Suspense fallback={null}>
          <ConfirmStep
            fee={fee}
            draft={draft}
            from={`${account.currency} · ${formatMoney(account.balance.available, account.currency)} available`}
            scheme={scheme}
            attachments={state.attachments.length}
            payeeCheck={state.payeeCheck}
            riskAccepted={state.riskAccepted}
            busy={state.busy}
            onBack={() => dispatch({ type: "steppedBack", to: "payee" })}
            onApprove={() => void approve()}
            onAccept={(accepted) => dispatch({ type: "riskAccepted", accepted })}
            onUseName={(name) => void takeName(name)}
          />
        </Suspense>
      ) : null}
      {step === "approve" && mfa ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
    </section>
  );
}
