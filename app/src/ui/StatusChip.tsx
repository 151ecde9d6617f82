import type { ReactNode } from "react";

/** SPEC §4's status colours: green done or active, blue under way, red refused or ended, amber
 * waiting for the person, grey for the rest. */
export type Tone = "green" | "blue" | "red" | "amber" | "grey";

export function StatusChip({
  tone,
  children,
  className,
}: {
  tone: Tone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={`chip chip-${tone}${className ? ` ${className}` : ""}`}>{children}</span>;
}
