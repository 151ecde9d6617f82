import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { refusalOf } from "../../../api/client";
import { formatDate, formatTime } from "../../../lib/format";
import { Button } from "../../../ui/Button";
import { EmptyState, Notice } from "../../../ui/Notice";
import { StatusChip } from "../../../ui/StatusChip";
import { Textarea } from "../../../ui/Textarea";
import { backOfficeApi, type InboxKind, inboxQuery } from "../api";

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** One item's actions: take it, answer it (by email or in the chat), close it. */
function Handle({
  kind,
  id,
  assignedTo,
  answerLabel,
}: {
  kind: InboxKind;
  id: string;
  assignedTo: string | null | undefined;
  answerLabel: string;
}) {
  const client = useQueryClient();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState<"take" | "answer" | "close" | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (
    step: "take" | "answer" | "close",
    call: () => ReturnType<typeof backOfficeApi.takeItem>,
  ) => {
    setBusy(step);
    setError(undefined);
    setFailure(null);
    try {
      client.setQueryData(inboxQuery().queryKey, await call());
      if (step === "answer") setText("");
    } catch (caught) {
      const refusal = refusalOf(caught);
      setError(refusal.fields.text);
      setFailure(refusal.fields.text ? null : refusal.message);
    } finally {
      setBusy(null);
    }
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    void run("answer", () => backOfficeApi.answerItem(kind, id, text));
  };
  return (
    <form onSubmit={send} className="back-office-action" noValidate>
      <p className="muted">{assignedTo ? `Taken by ${assignedTo}` : "Nobody has taken this yet."}</p>
      <Textarea
        label={answerLabel}
        name="text"
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
      />
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="back-office-actions">
        <Button type="submit" loading={busy === "answer"} disabled={busy !== null}>
          Send
        </Button>
        <Button
          variant="secondary"
          onClick={() => run("take", () => backOfficeApi.takeItem(kind, id))}
          loading={busy === "take"}
          disabled={busy !== null}
        >
          Take
        </Button>
        <Button
          variant="quiet"
          onClick={() => run("close", () => backOfficeApi.closeItem(kind, id))}
          loading={busy === "close"}
          disabled={busy !== null}
        >
          Close
        </Button>
      </div>
    </form>
  );
}

function Item({ title, chip, children }: { title: string; chip: ReactNode; children: ReactNode }) {
  return (
    <li className="back-office-facts">
      <h3>
        {title} {chip}
      </h3>
      {children}
    </li>
  );
}

/** Support's inbox (issue 32 point 5): messages and chats in one place. */
export function InboxPage() {
  const { data } = useQuery(inboxQuery());
  const messages = data?.messages ?? [];
  const chats = data?.chats ?? [];
  return (
    <section className="panel panel-wide" aria-labelledby="inbox-title">
      <h1 id="inbox-title">Support inbox</h1>
      <h2>Chats</h2>
      {chats.length === 0 ? (
        <EmptyState title="No chat is waiting">New lines from customers appear here.</EmptyState>
      ) : null}
      <ul className="back-office-list">
        {chats.map((chat) => (
          <Item
            key={chat.userId}
            title={chat.name || chat.email}
            chip={
              chat.waiting > 0 ? (
                <StatusChip tone="amber">{chat.waiting} waiting</StatusChip>
              ) : (
                <StatusChip tone="green">Answered</StatusChip>
              )
            }
          >
            <p>
              {chat.email} · last at {when(chat.lastAt)} ({chat.lastAuthor})
            </p>
            <blockquote>{chat.lastLine}</blockquote>
            <Handle
              kind="chat"
              id={chat.userId}
              assignedTo={chat.assignedTo}
              answerLabel="Answer in the app's chat"
            />
          </Item>
        ))}
      </ul>
      <h2>Messages and call-backs</h2>
      {messages.length === 0 ? (
        <EmptyState title="No message is open">Contact forms and call-back requests appear here.</EmptyState>
      ) : null}
      <ul className="back-office-list">
        {messages.map((message) => (
          <Item
            key={message.id}
            title={message.subject}
            chip={
              <StatusChip tone={message.status === "open" ? "amber" : "blue"}>
                {message.kind === "call_back" ? "Call-back" : "Contact form"}, {message.status}
              </StatusChip>
            }
          >
            <p>
              {message.name} · {message.email}
              {message.phone ? ` · ${message.phone}` : ""}
              {message.company ? ` · ${message.company}` : ""} · {when(message.receivedAt)}
            </p>
            <blockquote>{message.text}</blockquote>
            <Handle
              kind="message"
              id={message.id}
              assignedTo={message.assignedTo}
              answerLabel="Answer by email"
            />
          </Item>
        ))}
      </ul>
    </section>
  );
}
