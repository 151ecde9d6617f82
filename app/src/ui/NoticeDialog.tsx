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
  return (
    <div
      className="modal"
      role="alertdialog"
      aria-labelledby="notice-title"
      aria-describedby="notice-message"
    >
      <p className="notice-icon" aria-hidden="true">
        ⓘ
      </p>
      {title ? <h2 id="notice-title">{title}</h2> : null}
      <p id="notice-message">{message}</p>
      <button type="button" className="button button-primary" onClick={onClose}>
        {button}
      </button>
    </div>
  );
}
