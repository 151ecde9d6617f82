// SPEC §6 mirrored for the screens (the server decides; this only hides what cannot be used):
// admin has full access; otherwise 'transaction:r|rw' opens transactions and recipients, and
// 'transaction:rw' lets the person pay and change recipients. Roles none and card_user load no
// accounts at all.
import type { SessionState } from "../routing/types";

type Rights = Pick<SessionState, "accessRole" | "accessRights">;

export function readsTransactions(session: Rights): boolean {
  if (session.accessRole === "none" || session.accessRole === "card_user") return false;
  return (
    session.accessRole === "admin" ||
    session.accessRights.some((right) => right === "transaction:r" || right === "transaction:rw")
  );
}

export function paysTransactions(session: Rights): boolean {
  return (
    readsTransactions(session) &&
    (session.accessRole === "admin" || session.accessRights.includes("transaction:rw"))
  );
}
