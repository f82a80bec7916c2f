/** One entry of Depop's ErrorResponse (`{ id, errors: [{ code, message }] }`). */
export interface DepopApiError {
  code?: string;
  message?: string;
}

export function depopErrorsOf(body: unknown): DepopApiError[] {
  if (!body || typeof body !== 'object') return [];
  const errors = (body as { errors?: unknown }).errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is DepopApiError => typeof e === 'object' && e !== null)
    : [];
}

/**
 * What the seller can do about a refusal, after Depop's own words (✅ the codes of the
 * description's ProductUnprocessableEntity examples and its 403).
 */
const HINTS: Record<string, string> = {
  invalid_size:
    'Set the Depop size (its size set and size ids) on the Depop tab; the product type decides which sizes exist.',
  invalid_department:
    'Choose the department on the Depop tab: womenswear, menswear, kidswear or everything-else.',
  invalid_brand: 'Check the brand, or leave it empty to list as "Other".',
  invalid_description:
    'Keep the description to at most 5 hashtags, tag only the item’s own brand, and leave out e-mail addresses.',
  too_many_pictures: 'Depop takes at most 8 photos.',
  manual_shipping_not_allowed:
    'This Depop shop must use Depop shipping: set the Depop shipping provider and parcel size instead of a shipping price.',
  insufficient_scope:
    'The Depop connection lacks a permission ListLoop needs. Reconnect your Depop account in Marketplaces with a key that has full access.',
};

/**
 * The marketplace's own words from a Depop error answer, for MarketplaceHttp: every
 * `errors[].message`, deduplicated, each followed by what to do when the code has a known fix;
 * or an OAuth error's description.
 */
export function depopErrorMessage(_status: number, body: unknown): string | null {
  const errors = depopErrorsOf(body);
  if (errors.length > 0) {
    const said: string[] = [];
    for (const error of errors) {
      const text = (error.message ?? '').trim() || (error.code ?? '').trim();
      const message = !text || /[.!?]$/.test(text) ? text : `${text}.`;
      if (message && !said.includes(message)) said.push(message);
    }
    const hints = [...new Set(errors.map((e) => HINTS[e.code ?? '']).filter(Boolean))];
    return said.length > 0 ? `Depop: ${[...said, ...hints].join(' ')}` : null;
  }
  if (body && typeof body === 'object') {
    const { error, error_description: description } = body as Record<string, unknown>;
    if (typeof description === 'string' && description) return `Depop: ${description}`;
    if (typeof error === 'string' && error) return `Depop: ${error}`;
  }
  return null;
}
