// The dashboard lists transactions under their London day, newest first, as banking apps do.
import { formatDate, isoDay, londonDay } from "../../lib/format";

export interface DayGroup<T> {
  /** yyyy-MM-dd, London. */
  day: string;
  /** "Today", "Yesterday" or the date (SPEC §9 dd.MM.yyyy). */
  label: string;
  items: T[];
}

/** Consecutive items of the same London day in one group, in the list's order. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now: Date): DayGroup<T>[] {
  const today = londonDay(now);
  const yesterday = isoDay(new Date(today.getTime() - 86_400_000));
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = isoDay(londonDay(new Date(item.createdAt)));
    const last = groups.at(-1);
    if (last?.day === day) {
      last.items.push(item);
      continue;
    }
    const label =
      day === isoDay(today) ? "Today" : day === yesterday ? "Yesterday" : formatDate(item.createdAt);
    groups.push({ day, label, items: [item] });
  }
  return groups;
}
