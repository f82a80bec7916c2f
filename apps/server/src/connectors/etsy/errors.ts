/** ✅ Etsy's error answers: `{"error": "…"}`, OAuth errors with an `error_description` too. */
export interface EtsyErrorBody {
  error?: string;
  error_description?: string;
}

/** Words of Etsy's that mean the app's key, not the seller's request, was refused. */
const APP_KEY = /x-api-key|api key|shared secret/i;

/**
 * The marketplace's own words from an Etsy error answer, for MarketplaceHttp: the `error`
 * string (with its description when Etsy gives one), said so a seller or an operator can act.
 */
export function etsyErrorMessage(status: number, body: unknown): string | null {
  if (typeof body === 'string') {
    const text = body.trim();
    return text && !text.startsWith('<') ? `Etsy: ${text.slice(0, 300)}` : null;
  }
  if (!body || typeof body !== 'object') return null;
  const { error, error_description: description } = body as EtsyErrorBody;
  const said = [error, description]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.trim());
  if (said.length === 0) return null;
  const quoted = said.map((part) => part.replace(/\.$/, '')).join(': ');
  if ((status === 401 || status === 403) && APP_KEY.test(said.join(' '))) {
    return `Etsy refused ListLoop's app key (${quoted}). The server's Etsy keystring and shared secret need checking.`;
  }
  if (status === 403 && /scope/i.test(said.join(' '))) {
    return `Etsy refused access: the connection lacks a permission ListLoop needs (${quoted}). Reconnect your Etsy account in Marketplaces.`;
  }
  return `Etsy: ${said.join(': ')}`;
}
