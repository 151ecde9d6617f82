import { queryOptions } from "@tanstack/react-query";
import { api, type BodyOf, type Schemas } from "../../api/client";
import * as S from "../../api/schemas.gen";
import * as F from "../../api/schemas-payments.gen";

/** SPEC §3 "Recipient". */
export type Recipient = Schemas["RecipientView"];
export type RecipientBody = BodyOf<"/v2/recipients", "put">;
export type Scheme = Schemas["Scheme"];

/** SPEC §7: recipients are fetched with limit 1000. */
export const recipientsQuery = () =>
  queryOptions({
    queryKey: ["recipients"],
    queryFn: () => api.post("/v2/recipients/fetch", { page: 1, limit: 1000, filters: {} }, F.RecipientPage),
  });

export const recipientsApi = {
  save: (body: RecipientBody) => api.put("/v2/recipients", body, F.Saved),
  remove: (id: string) => api.delete("/v2/recipients", { id }, F.Deleted),
  lookup: (iban: string) => api.post("/v2/banks/lookup", { iban }, F.BankMatch),
};

/** SPEC §3 "Transfer request", and the terms an approval is bound to. */
export type TransferBody = BodyOf<"/v2/transactions", "post">;
export type TransferTerms = Schemas["TransferTermsBody"];
export type FeeAnswer = Schemas["FeeAnswer"];
export type TransferResult = Schemas["TransferResult"];
export type MfaMethod = Schemas["MfaMethod"];
/** Confirmation of Payee's answer about a UK account (beyond SPEC). */
export type PayeeCheck = Schemas["PayeeCheckView"];

export const transfersApi = {
  fee: (terms: TransferTerms) =>
    api.post(
      "/v2/transactions/fees/take",
      { amount: terms.amount, sender: terms.sender, receiver: terms.receiver, scheme: terms.scheme },
      F.FeeAnswer,
    ),
  /** An approval bound to these terms (SPEC §4: the user's method by default). */
  approve: (transfer: TransferTerms, method?: MfaMethod) =>
    api.post("/v2/auth/mfa/generate", { purpose: "transfer", method, transfer }, S.MfaStep),
  confirmSms: (requestId: string, secret: string) =>
    api.post("/v2/auth/mfa/verify", { requestId, method: "sms", secret }, S.Empty),
  confirmPasskey: (requestId: string, credential: Record<string, unknown>) =>
    api.post(
      "/v2/auth/mfa/verify",
      { requestId, method: "challenge_proxied", credential, secret: "" },
      S.Empty,
    ),
  passkeyChallenge: (requestId: string) =>
    api.post("/v2/auth/mfa/challenges/take", { requestId }, S.WebAuthnOptions),
  submit: (body: TransferBody) => api.post("/v2/transactions", body, F.TransferResult),
  /** Confirmation of Payee: is the UK account held in this name? */
  checkPayee: (receiver: NonNullable<TransferTerms["receiver"]>) =>
    api.post(
      "/v2/payees/check",
      {
        name: receiver.name,
        type: receiver.type,
        ukSortCode: receiver.ukSortCode,
        ukAccountNumber: receiver.ukAccountNumber,
      },
      S.PayeeCheckView,
    ),
};

/** SPEC §7 documents upload: a file in chunks of 512 KB; answers the document's id. */
export async function uploadAttachment(file: File, uploadId: string): Promise<string> {
  const size = 512 * 1024;
  const total = Math.max(1, Math.ceil(file.size / size));
  let answer: { id?: string; complete?: boolean; message?: string; fields?: Record<string, string> } = {};
  for (let chunk = 1; chunk <= total; chunk++) {
    const form = new FormData();
    form.append("chunkNumber", String(chunk));
    form.append("totalChunks", String(total));
    form.append("fileName", file.name);
    form.append("type", "txn_attch");
    form.append("id", uploadId);
    form.append("file", file.slice((chunk - 1) * size, chunk * size), file.name);
    const response = await fetch("/v2/documents/upload", {
      method: "POST",
      body: form,
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    answer = (await response.json()) as typeof answer;
    if (!response.ok)
      throw new Error(answer.fields?.file ?? answer.message ?? "The file could not be uploaded");
  }
  if (!answer.complete || !answer.id) throw new Error("The file could not be uploaded");
  return answer.id;
}

/** Transfers waiting for a second approval (issue 13), and the owner's thresholds. */
export type WaitingTransfer = Schemas["WaitingTransfer"];

export const waitingTransfersQuery = () =>
  queryOptions({
    queryKey: ["transfers-waiting"],
    queryFn: () => api.post("/v2/transactions/approvals/fetch", undefined, F.WaitingList),
  });

export const approvalRulesQuery = () =>
  queryOptions({
    queryKey: ["approval-rules"],
    queryFn: () => api.get("/v2/account-profiles/approval-rules", F.RuleList),
  });

export const approvalsApi = {
  approve: (id: string, requestId: string) =>
    api.post("/v2/transactions/approvals/approve", { id, requestId }, F.TransferResult),
  reject: (id: string) => api.post("/v2/transactions/approvals/reject", { id }, F.TransferResult),
  setRule: (currency: Schemas["Currency"], threshold: string | null) =>
    api.put("/v2/account-profiles/approval-rules", { currency, threshold }, F.RuleList),
};
