import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enUS from '../../../i18n/catalogues/en-US.json';
import it_ from '../../../i18n/catalogues/it.json';
import { apiRequest, type ApiError } from '../../../lib/api-client';
import { loginErrorText } from './login-error-text';

const intl = createIntl({ locale: 'en-US', messages: enUS });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The error the api client raises for an answer with this status, body and headers. */
async function errorOf(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers })),
  );
  return apiRequest('/api/rest/v1/auth/session_login', { method: 'POST' }).catch(
    (error: unknown) => error,
  );
}

describe('the sign-in error text', () => {
  it('says in how many minutes to try again when too many attempts were made, and what still works', async () => {
    const error = await errorOf(429, { code: 'auth/too-many-attempts' }, { 'retry-after': '661' });
    expect((error as ApiError).retryAfterSeconds).toBe(661);
    expect(loginErrorText(intl, error)).toBe(
      'Too many failed sign-ins. Try again in 12 minutes, or sign in from a browser you have used with ListLoop before.',
    );
    expect(loginErrorText(createIntl({ locale: 'it', messages: it_ }), error)).toBe(
      'Troppi accessi non riusciti. Riprova tra 12 minuti oppure accedi da un browser che hai già usato con ListLoop.',
    );
  });

  it('says one minute for the last seconds of a window', async () => {
    const error = await errorOf(429, { code: 'auth/too-many-attempts' }, { 'retry-after': '5' });
    expect(loginErrorText(intl, error)).toContain('Try again in 1 minute,');
  });

  it('falls back to the catalogue text when the server gives no Retry-After', async () => {
    const error = await errorOf(429, { code: 'auth/too-many-attempts' });
    expect((error as ApiError).retryAfterSeconds).toBeNull();
    expect(loginErrorText(intl, error)).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('keeps the login-fail text for a wrong password', async () => {
    const error = await errorOf(401, { code: 'auth/login-fail' });
    expect(loginErrorText(intl, error)).toBe('The e-mail or password is not correct.');
  });
});
