// What the review says about when the money arrives, from the fee answer's London days (the
// server's cut-offs: domain/payments/arrival.rs).
import type { Scheme } from "./api";

const DAY = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});

function named(day: string, today: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(Date.UTC(y as number, (m as number) - 1, d as number));
  const [ty, tm, td] = today.split("-").map(Number);
  const gap = Math.round(
    (date.getTime() - Date.UTC(ty as number, (tm as number) - 1, td as number)) / 86_400_000,
  );
  const full = DAY.format(date);
  return gap === 0 ? `today, ${full}` : gap === 1 ? `tomorrow, ${full}` : full;
}

/** "Today, usually within minutes", "Tomorrow, Friday 27 November", or a range of days. */
export function arrivalText(
  arrives: { earliest: string; latest: string },
  scheme: Scheme,
  today: string,
): string {
  if (scheme === "local" && arrives.earliest === today) return "Today, usually within minutes";
  const text =
    arrives.earliest === arrives.latest
      ? named(arrives.earliest, today)
      : `between ${named(arrives.earliest, today)} and ${named(arrives.latest, today)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
