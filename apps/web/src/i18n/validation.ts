import type { MessageDescriptor } from 'react-intl';
import type { z } from 'zod';
import { validationMessages } from './validation.messages';

export type IssueKind = 'required' | 'invalid' | 'tooShort' | 'tooLong';

export interface ClassifiedIssue {
  path: string;
  kind: IssueKind;
  /** Values for the message: the limit of a length rule. */
  values: { min?: number; max?: number };
}

/**
 * What a zod issue means to a person filling in a form, whatever the schema's own wording.
 * An empty field is "required" whichever rule caught it (a minimum length of 10 included).
 */
export function classifyIssue(issue: z.core.$ZodIssue, value?: unknown): ClassifiedIssue {
  const path = issue.path.map(String).join('.');
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
    if (issue.code === 'too_small' || issue.code === 'invalid_type') {
      return { path, kind: 'required', values: {} };
    }
  }
  switch (issue.code) {
    case 'invalid_type':
      return { path, kind: 'invalid', values: {} };
    case 'too_small': {
      const min = Number(issue.minimum);
      return min <= 1
        ? { path, kind: 'required', values: {} }
        : { path, kind: 'tooShort', values: { min } };
    }
    case 'too_big':
      return { path, kind: 'tooLong', values: { max: Number(issue.maximum) } };
    default:
      return { path, kind: 'invalid', values: {} };
  }
}

export type FieldMessages = Partial<Record<IssueKind, MessageDescriptor>>;

export interface FieldError {
  message: MessageDescriptor;
  values: { min?: number; max?: number };
}

/**
 * The first problem of each field, as a catalogue message. The domain schemas carry English
 * messages for the server; the web app shows its own, translated, for the same rules.
 */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  messages: Record<string, FieldMessages>,
  input: Record<string, unknown>,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    const value = typeof field === 'string' ? input[field] : undefined;
    const { path, kind, values } = classifyIssue(issue, value);
    if (errors[path]) continue;
    const message = messages[path]?.[kind] ?? validationMessages.invalid;
    errors[path] = { message, values };
  }
  return errors;
}

export const EMAIL_FIELD_MESSAGES: FieldMessages = {
  required: validationMessages.emailRequired,
  invalid: validationMessages.emailInvalid,
};

export const PASSWORD_FIELD_MESSAGES: FieldMessages = {
  required: validationMessages.passwordRequired,
};

export const NEW_PASSWORD_FIELD_MESSAGES: FieldMessages = {
  required: validationMessages.passwordRequired,
  tooShort: validationMessages.passwordTooShort,
  tooLong: validationMessages.passwordTooLong,
};
