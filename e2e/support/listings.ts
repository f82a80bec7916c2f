/**
 * Whether a demo item is still unlisted for a journey: nothing of it is on any marketplace
 * (every stored listing is not listed; the sandbox demo keeps per-item Depop details such as
 * the department in a listing that is not listed), and the journey's marketplaces have no
 * listing at all, so each journey starts from "not listed" there.
 */
export function unlistedFor(
  listings: Record<string, unknown>,
  marketplaces: readonly string[],
): boolean {
  const live = Object.values(listings).some((listing) => {
    const status = (listing as { status?: string } | null)?.status;
    return status !== undefined && status !== 'not_listed';
  });
  return !live && marketplaces.every((marketplace) => !(marketplace in listings));
}
