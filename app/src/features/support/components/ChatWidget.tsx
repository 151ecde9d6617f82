import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useApp } from "../../../lib/appContext";
import { Dialog } from "../../../ui/Dialog";
import { type ChatLine, chatApi, chatQuery } from "../api";

/** A line on its way: shown at once, sent (again, with the same id) until support has it. */
interface Pending {
  clientId: string;
  text: string;
  failed: boolean;
}

const newId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

const time = (sentAt: string) =>
  new Date(sentAt).toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/London",
  });

/** SPEC §1 chatWidget: a button on every signed-in page that opens a chat with support. */
export function ChatWidget() {
  const { site } = useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const { data } = useQuery(chatQuery(open));
  const [text, setText] = useState("");
  const [pending, setPending] = useState<Pending[]>([]);
  const end = useRef<HTMLLIElement>(null);
  const lines: ChatLine[] = data?.lines ?? [];

  // The newest line in view whenever one arrives or is sent.
  const shown = lines.length + pending.length;
  useEffect(() => {
    if (open && shown >= 0) end.current?.scrollIntoView({ block: "end" });
  }, [open, shown]);

  const send = async (line: Pending) => {
    setPending((all) => [...all.filter((p) => p.clientId !== line.clientId), { ...line, failed: false }]);
    try {
      await chatApi.say(line.clientId, line.text);
      await client.invalidateQueries({ queryKey: ["support", "chat"] });
      setPending((all) => all.filter((p) => p.clientId !== line.clientId));
    } catch {
      setPending((all) => all.map((p) => (p.clientId === line.clientId ? { ...p, failed: true } : p)));
    }
  };

  const unread = open ? 0 : (data?.unread ?? 0);
  return (
    <>
      <button
        type="button"
        className="chat-launcher"
        aria-label={unread > 0 ? `Chat with us, ${unread} new` : "Chat with us"}
        onClick={() => setOpen(true)}
      >
        {/* A speech bubble, drawn here: the kit's icon set is in every page's first load. */}
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" className="icon">
          <path
            d="M4 5h16v11H9l-5 4z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {unread > 0 ? (
          <span className="chat-unread" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      <Dialog open={open} kind="drawer" title="Chat with us" onClose={() => setOpen(false)}>
        <div className="chat">
          <p className="field-hint">
            Write to our support team: the answer comes here, and stays here. Urgent, or a lost card? Call{" "}
            {site.supportPhone}.
          </p>
          <ol className="chat-lines" aria-live="polite">
            {lines.length === 0 && pending.length === 0 ? (
              <li className="chat-empty">Ask us anything about your account, cards or payments.</li>
            ) : null}
            {lines.map((line) => (
              <li key={line.id} className={`chat-line chat-${line.author}`}>
                <span className="chat-who">{line.author === "support" ? "Harbour support" : "You"}</span>
                <p>{line.text}</p>
                <time dateTime={line.sentAt}>{time(line.sentAt)}</time>
              </li>
            ))}
            {pending.map((line) => (
              <li key={line.clientId} className="chat-line chat-customer chat-pending">
                <span className="chat-who">You</span>
                <p>{line.text}</p>
                {line.failed ? (
                  <button type="button" className="button button-quiet" onClick={() => void send(line)}>
                    Not sent. Try again
                  </button>
                ) : (
                  <span className="field-hint">Sending…</span>
                )}
              </li>
            ))}
            <li ref={end} aria-hidden="true" />
          </ol>
          <form
            className="chat-form"
            onSubmit={(event) => {
              event.preventDefault();
              const line = text.trim();
              if (!line) return;
              setText("");
              void send({ clientId: newId(), text: line, failed: false });
            }}
          >
            <label htmlFor="chat-text" className="visually-hidden">
              Your message
            </label>
            <textarea
              id="chat-text"
              name="text"
              rows={2}
              maxLength={2000}
              value={text}
              placeholder="Write a message"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
            <button type="submit" className="button button-primary">
              Send
            </button>
          </form>
        </div>
      </Dialog>
    </>
  );
}
