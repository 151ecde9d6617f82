import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Link } from "../../../routing/Link";
import { failureText } from "../../../api/client";
import { formatMoney } from "../../../lib/format";
import { Redirect } from "../../../routing/Redirect";
import { CopyButton } from "../../../ui/CopyButton";
import { activationApi, type Fee, feeQuery, kycStatusQuery } from "../api";
import { useKycStatus } from "../useKycStatus";
import { type ApplePayRequest, applePayAvailable, payWithApplePay } from "../applePay";

const FEE_STATUSES: readonly string[] = ["registration_fee_assigned", "registration_fee_pending"];
/** SPEC §9: card payment polling every 2 s. */
const CARD_POLL_MS = 2000;

/** Follows the KYC status: away to the controller when the fee is not what it asks for, to the
 *  dashboard (another route set, so a full load) once the account is ready. */
function useFeeStep(): boolean {
  const kyc = useKycStatus();
  const ready = kyc.status?.account_ready === true;
  useEffect(() => {
    if (ready) window.location.assign("/dashboard");
  }, [ready]);
  return ready || kyc.status === undefined || FEE_STATUSES.includes(kyc.status.kyc_status);
}

function Price({ fee }: { fee: Fee }) {
  return (
    <p className="fee-amount">
      <strong>{formatMoney(fee.amount, fee.currency)}</strong> once, to open your account
    </p>
  );
}

/** SPEC §2 "Paywall: pay by card, Apple Pay, or bank transfer, showing the fee and benefits". */
export function PaywallPage() {
  const inStep = useFeeStep();
  const { data: fee } = useSuspenseQuery(feeQuery());
  const [applePay, setApplePay] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  // Known only in the browser: the server renders the page without the button.
  useEffect(() => setApplePay(fee.applePayAllowed && applePayAvailable()), [fee.applePayAllowed]);
  if (!inStep) return <Redirect to="/controller" />;
  if (fee.status === "pending" && fee.method === "transfer")
    return <Redirect to="/account-activation/transfer" />;

  const payByCard = async () => {
    setBusy(true);
    setError(null);
    try {
      const ordered = await activationApi.order("card");
      if (ordered.checkoutUrl) window.location.assign(ordered.checkoutUrl);
    } catch (caught) {
      setError(failureText(caught));
      setBusy(false);
    }
  };

  const payByApple = async () => {
    // A real acquirer takes Apple Pay on its hosted page: it validates the merchant and
    // receives the token there.
    if (fee.applePayOnCheckout) return payByCard();
    setError(null);
    const session = await activationApi.walletInitiate().catch((caught: unknown) => {
      setError(failureText(caught));
      return null;
    });
    if (!session) return;
    const request: ApplePayRequest = {
      countryCode: session.countryCode,
      currencyCode: session.currency,
      supportedNetworks: session.supportedNetworks,
      merchantCapabilities: session.merchantCapabilities,
      total: { label: session.label, amount: session.amount },
    };
    const paid = await payWithApplePay(request, session.merchantSession, (token) =>
      activationApi.walletProcess(token),
    );
    await client.invalidateQueries();
    if (paid) window.location.assign("/dashboard");
    else
      setError("Your Apple Pay payment did not go through. Please try again or choose another way to pay.");
  };

  return (
    <section className="panel panel-wide" aria-labelledby="paywall-title">
      <h1 id="paywall-title">Account Activation</h1>
      <Price fee={fee} />
      <ul className="benefits" aria-label="What the fee includes">
        {fee.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {fee.status === "failed" ? (
        <p className="notice notice-error" role="alert">
          Your last payment did not go through. Please try again or choose another way to pay.
        </p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="pay-options">
        {fee.cardAllowed ? (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void payByCard()}
          >
            Pay by card
          </button>
        ) : null}
        {applePay ? (
          <button
            type="button"
            className="button apple-pay"
            aria-label="Pay with Apple Pay"
            onClick={() => void payByApple()}
          >
            Pay with Apple Pay
          </button>
        ) : null}
        <form
          method="post"
          action="/account-activation/transfer"
          onSubmit={(event) => {
            event.preventDefault();
            setBusy(true);
            activationApi
              .order("transfer")
              .then((reply) => {
                client.setQueryData(feeQuery().queryKey, reply);
                return client.invalidateQueries({ queryKey: kycStatusQuery().queryKey });
              })
              .then(() => navigate("/account-activation/transfer"))
              .catch((caught: unknown) => {
                setError(failureText(caught));
                setBusy(false);
              });
          }}
        >
          <button type="submit" className="button button-quiet" disabled={busy}>
            Pay by bank transfer
          </button>
        </form>
      </div>
      {fee.cancellable ? (
        <p className="paywall-cancel">
          Your other accounts wait while this page is open.{" "}
          <button
            type="button"
            className="button-link"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              activationApi
                .cancel()
                // The accounts are in another route set: a full load lets the server choose it.
                .then(() => window.location.assign("/dashboard"))
                .catch((caught: unknown) => {
                  setError(failureText(caught));
                  setBusy(false);
                });
            }}
          >
            Not now: back to my accounts
          </button>
        </p>
      ) : null}
    </section>
  );
}

/** SPEC §4: registration_fee_pending waits here, 'Account Activation Pending', with the bank's details. */
export function TransferPage() {
  const inStep = useFeeStep();
  const { data: fee } = useSuspenseQuery(feeQuery());
  if (!inStep) return <Redirect to="/controller" />;
  const rows: [string, string][] = [
    ["Amount", formatMoney(fee.amount, fee.currency)],
    ["Beneficiary", fee.transfer.beneficiary],
    ["IBAN", fee.transfer.iban],
    ["BIC", fee.transfer.bic],
    ...(fee.currency === "GBP"
      ? ([
          ["Sort code", fee.transfer.sortCode],
          ["Account number", fee.transfer.accountNumber],
        ] as [string, string][])
      : []),
    ["Reference", fee.transfer.reference],
  ];
  return (
    <section className="panel panel-wide" aria-labelledby="transfer-title">
      <h1 id="transfer-title">Account Activation Pending</h1>
      <p>
        Send the fee from any bank account in your name with this reference. We open your account as soon as
        it arrives.
      </p>
      <dl className="summary">
        {rows.map(([label, value]) => (
          <div key={label} className="summary-row">
            <dt>{label}</dt>
            <dd>
              {value} <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
            </dd>
          </div>
        ))}
      </dl>
      {fee.cardAllowed ? (
        <p>
          <Link to="/account-activation">Pay another way</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The return from the hosted card page: the fee is polled every 2 s until it is decided. */
export function CardPage() {
  const inStep = useFeeStep();
  const fee = useQuery({
    ...feeQuery(),
    refetchInterval: (query) => (query.state.data?.status === "pending" ? CARD_POLL_MS : false),
  });
  const status = fee.data?.status;
  useEffect(() => {
    if (status === "paid") window.location.assign("/dashboard");
  }, [status]);
  if (!inStep) return <Redirect to="/controller" />;
  return (
    <section className="panel" aria-labelledby="card-title">
      <h1 id="card-title">Card payment</h1>
      {status === "paid" ? (
        <p className="notice notice-success" role="status">
          Payment received. We are opening your account…
        </p>
      ) : status === "failed" ? (
        <>
          <p className="notice notice-error" role="alert">
            Your card payment did not go through.
          </p>
          <Link to="/account-activation" className="button button-primary">
            Try again
          </Link>
        </>
      ) : (
        <p role="status">Waiting for your card payment…</p>
      )}
    </section>
  );
}
