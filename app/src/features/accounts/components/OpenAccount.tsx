import { Select } from "../../../ui/Select";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError } from "../../../api/client";
import { accountsApi, type BankAccount, bankAccountsQuery } from "../api";
import { CURRENCIES } from "../access";

// SPEC §4: after a pending account is created, accounts are refetched at once and after 5, 10
// and 15 s, stopping when an active account of that currency appears.
export const REFETCH_AFTER_MS = [0, 5000, 10000, 15000];

export function OpenAccount({ accounts }: { accounts: BankAccount[] }) {
  const client = useQueryClient();
  const missing = CURRENCIES.filter((c) => !accounts.some((a) => a.currency === c && a.status !== "closed"));
  const [currency, setCurrency] = useState<(typeof CURRENCIES)[number] | "">("");
  const [opening, setOpening] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "info" | "error" | "success"; text: string } | null>(null);

  const ready = opening !== null && accounts.some((a) => a.currency === opening && a.status === "active");
  useEffect(() => {
    if (opening === null) return;
    if (ready) {
      setMessage({ kind: "success", text: `Your ${opening} account is ready.` });
      setOpening(null);
      return;
    }
    const timers = REFETCH_AFTER_MS.map((delay) =>
      window.setTimeout(
        () => void client.invalidateQueries({ queryKey: bankAccountsQuery().queryKey }),
        delay,
      ),
    );
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [opening, ready, client]);

  const notice = message ? (
    <p className={`notice notice-${message.kind}`} role="status">
      {message.text}
    </p>
  ) : null;
  // With every currency held, only the outcome of the last opening is left to show.
  if (missing.length === 0) return notice;
  return (
    <form
      className="open-account"
      onSubmit={async (event) => {
        event.preventDefault();
        const chosen = currency || missing[0];
        if (!chosen) return;
        setMessage(null);
        try {
          await accountsApi.open(chosen);
          setOpening(chosen);
          setMessage({ kind: "info", text: `Your ${chosen} account is being opened.` });
        } catch (caught) {
          setMessage({
            kind: "error",
            text: caught instanceof ApiError ? caught.message : "Something went wrong",
          });
        }
      }}
    >
      <Select
        label="Open an account in"
        name="currency"
        value={currency || missing[0] || ""}
        onChange={(c) => setCurrency(missing.find((m) => m === c) ?? "")}
        options={missing.map((c) => ({ value: c, label: c }))}
      />
      <button type="submit" className="button button-secondary" disabled={opening !== null}>
        Open account
      </button>
      {notice}
    </form>
  );
}
