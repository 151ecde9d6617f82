// Apple Pay on the web (https://developer.apple.com/documentation/apple_pay_on_the_web): the
// button shows only where `ApplePaySession.canMakePayments()` says yes; the merchant session
// comes from the bank (its sandbox acquirer), the token goes back to it (SPEC §7 wallet-pay).

export interface ApplePayRequest {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string };
}

interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: Record<string, unknown> } }) => void) | null;
  oncancel: (() => void) | null;
  completeMerchantValidation: (session: unknown) => void;
  completePayment: (status: number) => void;
  begin: () => void;
  abort: () => void;
}

interface ApplePaySessionClass {
  new (version: number, request: ApplePayRequest): ApplePaySessionLike;
  canMakePayments: () => boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
}

function sessionClass(): ApplePaySessionClass | undefined {
  return (globalThis as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
}

export function applePayAvailable(): boolean {
  try {
    return sessionClass()?.canMakePayments() === true;
  } catch {
    return false;
  }
}

/**
 * Runs the payment sheet; answers whether the bank took the payment. SPEC §8: an Apple Pay
 * failure completes the payment as failure.
 */
export function payWithApplePay(
  request: ApplePayRequest,
  merchantSession: unknown,
  process: (token: Record<string, unknown>) => Promise<{ status: string }>,
): Promise<boolean> {
  const Session = sessionClass();
  if (!Session) return Promise.resolve(false);
  return new Promise((resolve) => {
    const session = new Session(3, request);
    session.onvalidatemerchant = () => session.completeMerchantValidation(merchantSession);
    session.onpaymentauthorized = (event) => {
      process(event.payment.token)
        .then((reply) => {
          const paid = reply.status === "paid";
          session.completePayment(paid ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE);
          resolve(paid);
        })
        .catch(() => {
          session.completePayment(Session.STATUS_FAILURE);
          resolve(false);
        });
    };
    session.oncancel = () => resolve(false);
    session.begin();
  });
}
