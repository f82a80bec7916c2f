import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import type { IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import type { NicknameProblem, SecretKind, SecretProblem } from './connection-form';
import { marketplacesMessages } from './marketplaces.messages';

export function nicknameProblemText(
  intl: IntlShape,
  problem: NicknameProblem,
  marketplace: MarketplaceId,
): string {
  switch (problem.code) {
    case 'required':
      return intl.formatMessage(marketplacesMessages.nicknameRequired);
    case 'tooLong':
      return intl.formatMessage(marketplacesMessages.nicknameTooLong, { max: problem.max });
    case 'taken':
      return intl.formatMessage(marketplacesMessages.nicknameTaken, {
        marketplace: MARKETPLACE_NAMES[marketplace],
      });
  }
}

export function secretProblemText(intl: IntlShape, problem: SecretProblem): string {
  return intl.formatMessage(marketplacesMessages.tokenTooLong, { max: problem.max });
}

/** The server refused the nickname: another connection of the marketplace has it (409). */
export function isNicknameTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * A refused connection change: the server's own sentence for a 4xx it explains (a value it
 * refused, a connection that is gone), which says more than the generic text of its code.
 */
export function connectionErrorText(intl: IntlShape, error: unknown): string {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.status !== 403 &&
    typeof error.body?.message === 'string' &&
    error.body.message
  ) {
    return error.body.message;
  }
  return errorText(intl, error);
}

/** The texts of the paste-a-secret flow, in the marketplace's own word for the secret. */
export function secretTexts(kind: SecretKind) {
  const m = marketplacesMessages;
  return kind === 'apiKey'
    ? {
        label: m.apiKey,
        optionalLabel: m.apiKeyOptional,
        hint: m.apiKeyHint,
        stored: m.apiKeyStored,
        missing: m.needsApiKey,
        update: m.updateApiKey,
        title: m.apiKeyTitle,
        body: m.apiKeyBody,
        submit: m.apiKeySubmit,
        required: m.apiKeyRequired,
      }
    : {
        label: m.accessToken,
        optionalLabel: m.accessTokenOptional,
        hint: m.tokenHint,
        stored: m.tokenStored,
        missing: m.needsToken,
        update: m.updateToken,
        title: m.tokenTitle,
        body: m.tokenBody,
        submit: m.tokenSubmit,
        required: m.tokenRequired,
      };
}
