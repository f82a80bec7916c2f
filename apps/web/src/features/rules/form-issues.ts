/**
 * The server's per-field problems (ApiError.issues, paths like `rules.0.from` or
 * `pricingRule.minimumPrice`) for one form: keyed by the path after `prefix`, first one wins.
 */
export function issuesUnder(
  issues: readonly { path: string; message: string }[],
  prefix: string,
): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    if (!issue.path.startsWith(prefix)) continue;
    const key = issue.path.slice(prefix.length);
    if (key && !(key in found)) found[key] = issue.message;
  }
  return found;
}
