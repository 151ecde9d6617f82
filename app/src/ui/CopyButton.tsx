import { useState } from "react";

/** Copies a value and says so ('Copied to clipboard', SPEC §2) where screen readers hear it. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-quiet button-small"
        aria-label={`Copy ${label}`}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => {
            setCopied(true);
            window.setTimeout(() => setCopied(false), 2000);
          });
        }}
      >
        Copy
      </button>
      <span className="copied" role="status">
        {copied ? "Copied to clipboard" : ""}
      </span>
    </>
  );
}
