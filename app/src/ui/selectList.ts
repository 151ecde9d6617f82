// The keyboard rules of a select-only combobox (WAI-ARIA APG), kept apart from React so the
// kit's tests can pin them: which option a key makes active.

export interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

/** The option index a key moves to from `active`, skipping disabled ones; null for other keys. */
export function moveActive(options: readonly Option[], active: number, key: string): number | null {
  const enabled = options.map((o, i) => (o.disabled ? -1 : i)).filter((i) => i >= 0);
  if (enabled.length === 0) return null;
  const first = enabled[0] as number;
  const last = enabled[enabled.length - 1] as number;
  switch (key) {
    case "ArrowDown":
      return enabled.find((i) => i > active) ?? last;
    case "ArrowUp":
      return [...enabled].reverse().find((i) => i < active) ?? first;
    case "Home":
      return first;
    case "End":
      return last;
    default:
      if (key.length !== 1) return null;
      // Type-ahead: the next option after the active one whose label starts with the letter.
      {
        const letter = key.toLowerCase();
        const order = [...enabled.filter((i) => i > active), ...enabled.filter((i) => i <= active)];
        return order.find((i) => options[i]?.label.toLowerCase().startsWith(letter)) ?? null;
      }
  }
}
