import { useEffect, useState } from "react";

/** SPEC §2 input kit: a resend button that waits out its timer (default 60 s) first. */
export function ResendButton({
  onResend,
  seconds = 60,
}: {
  onResend: () => Promise<void>;
  seconds?: number;
}) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <button
      type="button"
      className="button button-quiet"
      disabled={left > 0}
      onClick={async () => {
        await onResend();
        setLeft(seconds);
      }}
    >
      {left > 0 ? `Resend code in ${left} s` : "Resend code"}
    </button>
  );
}
