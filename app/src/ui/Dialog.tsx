import { type ReactNode, useEffect, useId, useRef } from "react";
import { Icon } from "./Icon";
import { dialogOpened } from "./openDialogs";

/** The WAI-ARIA dialog pattern on the browser's own modal dialog: opening moves the focus in
 * and makes the page behind inert, Escape and the close button call `onClose`, and closing
 * gives the focus back to what had it. `kind` "drawer" slides in from the side (from below on a
 * phone). Rendered open on the server, it shows in place for a browser without JS. */
export function Dialog({
  open,
  title,
  onClose,
  kind = "dialog",
  role = "dialog",
  label = "Notice",
  describedBy,
  children,
}: {
  open: boolean;
  /** The heading; without one the dialog is named `label` (a notice whose message is all). */
  title?: string | undefined;
  label?: string;
  /** The id of the text that says what the dialog is about (read out with its name). */
  describedBy?: string;
  onClose: () => void;
  kind?: "dialog" | "drawer";
  role?: "dialog" | "alertdialog";
  children: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    returnTo.current = document.activeElement;
    // The server render leaves it open but not modal; showModal needs it closed first.
    if (dialog.open) dialog.close();
    dialog.showModal?.();
    const closed = dialogOpened();
    return () => {
      closed();
      if (dialog.open) dialog.close();
      if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the dialog's own cancel event
    <dialog
      ref={ref}
      open
      role={role === "alertdialog" ? "alertdialog" : undefined}
      className={`dialog dialog-${kind}`}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-label={title ? undefined : label}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
      onClick={(event) => {
        // A click on the scrim (the dialog element itself, outside its box) closes it.
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div className="dialog-box">
        <header className="dialog-head">
          {title ? <h2 id={`${id}-title`}>{title}</h2> : <span />}
          <button type="button" className="icon-button" aria-label="Close" onClick={() => close.current()}>
            <Icon name="close" />
          </button>
        </header>
        <div className="dialog-body">{children}</div>
      </div>
    </dialog>
  );
}
