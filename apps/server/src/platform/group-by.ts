/** The entries grouped by `keyOf`, the groups and each group's entries in the order met. */
export function groupBy<T>(entries: Iterable<T>, keyOf: (entry: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return groups;
}
