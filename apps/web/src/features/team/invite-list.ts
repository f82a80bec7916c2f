import {
  BULK_INVITE_MAX,
  LoginSchema,
  NO_ROLE_FILTER,
  type TeamSearchQuery,
} from '@listloop/domain';

export interface ParsedInviteList {
  /** Valid addresses, lowercased, each once, in the order given. */
  emails: string[];
  /** What was typed that is not an e-mail address. */
  invalid: string[];
  /** More addresses than one invitation takes. */
  tooMany: boolean;
}

/** The "Invite several" box: addresses one per line or separated by commas or semicolons. */
export function parseInviteList(text: string): ParsedInviteList {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const part of text.split(/[\n\r,;]+/)) {
    const entry = part.trim();
    if (!entry) continue;
    const parsed = LoginSchema.shape.email.safeParse(entry);
    if (!parsed.success) {
      invalid.push(entry);
      continue;
    }
    const email = parsed.data.toLowerCase();
    if (!emails.includes(email)) emails.push(email);
  }
  return { emails, invalid, tooMany: emails.length > BULK_INVITE_MAX };
}

export interface MemberFilters {
  query: string;
  status: TeamSearchQuery['status'] | null;
  /** A role id, `none` for members without a role, or null for any. */
  role: string | null;
}

export const NO_MEMBER_FILTERS: MemberFilters = { query: '', status: null, role: null };

/** The search route's query: only the filters set, the text trimmed. */
export function memberSearchQuery(filters: MemberFilters): TeamSearchQuery {
  const query: TeamSearchQuery = {};
  const text = filters.query.trim();
  if (text) query.query = text;
  if (filters.status) query.status = filters.status;
  if (filters.role) query.role = filters.role;
  return query;
}

export function isFiltered(filters: MemberFilters): boolean {
  return Object.keys(memberSearchQuery(filters)).length > 0;
}

export { NO_ROLE_FILTER };
