import { useEffect, useState } from "react";
import type { Scheme } from "./api";
import { recipientsApi } from "./api";
import { ibanError, lookupReady } from "./rules";

/** SPEC §5: the IBAN look-up at 15 to 33 cleaned characters names the bank and gives its BIC.
 * The same on Add recipient and in the transfer form; `onBic` fills the BIC when it is empty. */
export function useBankLookup(iban: string, scheme: Scheme, onBic: (bic: string) => void): string | null {
  const [bankName, setBankName] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onBic is the caller's setter, new each render
  useEffect(() => {
    if (scheme === "local" || !lookupReady(iban) || ibanError(iban)) {
      setBankName(null);
      return;
    }
    let live = true;
    recipientsApi
      .lookup(iban)
      .then((bank) => {
        if (!live) return;
        setBankName(bank.bankName);
        onBic(bank.bic);
      })
      .catch(() => live && setBankName(null));
    return () => {
      live = false;
    };
  }, [iban, scheme]);
  return bankName;
}
