// One back-office action at a time: busy while it runs, and what the server refused, as field
// messages (under their fields) or one message (above the button).
import { useState } from "react";
import { refusalOf } from "../../api/client";

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** Runs `action`; answers whether it succeeded. */
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setFields({});
    setFailure(null);
    try {
      await action();
      return true;
    } catch (caught) {
      const refusal = refusalOf(caught);
      setFields(refusal.fields);
      setFailure(Object.keys(refusal.fields).length ? null : refusal.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, fields, failure, run };
}
