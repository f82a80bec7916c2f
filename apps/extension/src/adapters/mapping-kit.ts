/**
 * What every adapter's mapping says the same way: the fields a form cannot be sent without,
 * named in the seller's terms ("Poshmark needs a size, a price to list this item.").
 */
export function refuseMissing(
  marketplace: string,
  needs: readonly (string | false)[],
): { ok: false; message: string } | null {
  const missing = needs.filter((need): need is string => need !== false);
  return missing.length > 0
    ? { ok: false, message: `${marketplace} needs ${missing.join(', ')} to list this item.` }
    : null;
}
