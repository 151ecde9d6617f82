import { useId } from "react";
import { Dialog } from "./Dialog";

/** SPEC §2 global notice modal: an optional title, the content, an info icon and a button
 * (default text Ok). SPEC §8 codes such as limit_exceeded show the server's title and message. */
export function NoticeDialog({
  title,
  message,
  button = "Ok",
  onClose,
}: {
  title?: string;
  message: string;
  button?: string;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open title={title} role="alertdialog" describedBy={`${id}-message`} onClose={onClose}>
      <p className="notice-icon" aria-hidden="true">
        ⓘ
      </p>
      <p id={`${id}-message`}>{message}</p>
      <button type="button" className="button button-primary" onClick={onClose}>
        {button}
      </button>
    </Dialog>
  );
}
