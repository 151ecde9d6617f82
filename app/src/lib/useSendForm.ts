import { useState } from "react";
import { ApiError, failureText } from "../api/client";
import { useForm } from "./useForm";

type Rules<K extends string> = Record<K, (value: string) => string | undefined>;

/** A form that is checked here, then sent once: while it is on its way the button waits; the
 * server's field errors land on their fields, anything else shows as one failure; the answer's
 * message is what the page shows when it is done. */
export function useSendForm<K extends string>(
  rules: Rules<K>,
  send: (values: Record<K, string>) => Promise<string>,
  initial?: () => Partial<Record<K, string>>,
) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm(
    rules,
    async (values) => {
      setBusy(true);
      setFailure(null);
      setDone(null);
      try {
        setDone(await send(values));
        form.reset();
      } catch (caught) {
        if (caught instanceof ApiError && Object.keys(caught.fields).length > 0)
          form.setErrors(caught.fields as Partial<Record<K, string>>);
        else setFailure(failureText(caught));
      } finally {
        setBusy(false);
      }
    },
    initial,
  );
  return { ...form, busy, failure, done };
}
