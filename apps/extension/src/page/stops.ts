import type { PageKind, StepResult } from '../adapters/contract';
import { isShown, query, textOf, waitFor } from './dom';
import type { SiteFacts } from './site-facts';

const STOP_ORDER = ['captcha', 'blocked', 'sign_in'] as const;
const PAGE_ORDER = ['sell_form', 'edit_form', 'listing', 'sold_list'] as const;

/**
 * Which page this is. Stops first: a captcha over a sell form is a captcha. Waits for the
 * site's own script to render something known, up to the facts' render timeout.
 */
export async function recognisePage(doc: Document, facts: SiteFacts): Promise<PageKind> {
  const found = await waitFor(
    () => {
      for (const kind of [...STOP_ORDER, ...PAGE_ORDER]) {
        if (isShown(query(doc, facts.pages[kind]))) return kind;
      }
      return null;
    },
    { timeoutMs: facts.renderTimeoutMs },
  );
  return found ?? 'unknown';
}

/** A stop page as the step that met it reports it; null for any other page. */
export function stopOf(doc: Document, facts: SiteFacts, page: PageKind): StepResult | null {
  switch (page) {
    case 'captcha':
      return { kind: 'stop', reason: 'captcha', detail: null };
    case 'sign_in':
      return { kind: 'stop', reason: 'signed_out', detail: null };
    case 'blocked':
      return {
        kind: 'stop',
        reason: 'blocked',
        detail: textOf(query(doc, facts.pages.blocked)).slice(0, 500) || null,
      };
    default:
      return null;
  }
}

/** The page is not the one the step needs: say which page it was, for whoever fixes the facts. */
export function unknownLayout(doc: Document, expected: string, page: PageKind): StepResult {
  const seen = page === 'unknown' ? `an unknown page (${doc.title || 'untitled'})` : page;
  return {
    kind: 'stop',
    reason: 'unknown_layout',
    detail: `Expected the ${expected}; found ${seen}.`.slice(0, 500),
  };
}
