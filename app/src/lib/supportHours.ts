import type { Site } from "../routing/types";

/** Support's holiday hours as configured (`BANK_HOLIDAY_SUPPORT_HOURS`): one line per day. */
export function holidayHours(site: Site): string[] {
  return site.holidaySupportHours
    .split(";")
    .map((day) => day.trim())
    .filter(Boolean);
}
