import { useEffect, useState } from "react";
import { authApi, type MfaStatus } from "./api";

// SPEC §4: polled every 2 s, only while pending; a new request id starts at pending again.
const POLL_MS = 2000;

export function useMfaStatus(requestId: string): MfaStatus {
  const [status, setStatus] = useState<MfaStatus>("pending");
  useEffect(() => {
    setStatus("pending");
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const reply = await authApi.status(requestId);
        if (stopped) return;
        setStatus(reply.status);
        if (reply.status !== "pending") return;
      } catch {
        // A failed poll is tried again on the next tick.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [requestId]);
  return status;
}
