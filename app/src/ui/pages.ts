/** SPEC §9 pagination: every page number while there are fewer than 10 pages; otherwise the
 * first, the last, the current one and its neighbours, with an ellipsis (null) for each gap. */
export function pageItems(current: number, total: number): (number | null)[] {
  if (total < 10) return Array.from({ length: total }, (_, index) => index + 1);
  const shown = new Set([1, total, current - 1, current, current + 1]);
  const items: (number | null)[] = [];
  for (let page = 1; page <= total; page++) {
    if (shown.has(page)) items.push(page);
    else if (items.at(-1) !== null) items.push(null);
  }
  return items;
}
