/**
 * Shopify's search syntax for the `query` argument of list fields (`sku:ABC-1`,
 * `updated_at:>'2025-07-01T00:00:00Z'`, `status:active tag:vintage`, `-status:draft`,
 * `a OR b`): terms joined by spaces must all match; `OR` separates alternatives.
 */
export type Comparator = ':' | ':>' | ':>=' | ':<' | ':<=';

export interface SearchTerm {
  field: string | null;
  comparator: Comparator;
  value: string;
  negated: boolean;
}

/** Alternatives (OR) of conjunctions (AND) of terms. */
export type SearchQuery = SearchTerm[][];

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of query) {
    if (quote) {
      current += char;
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (/\s/.test(char)) {
      if (current) tokens.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (current) tokens.push(current);
  return tokens;
}

function unquote(value: string): string {
  const first = value[0];
  if ((first === '"' || first === "'") && value.endsWith(first) && value.length >= 2) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function parseTerm(token: string): SearchTerm {
  const negated = token.startsWith('-') || token.startsWith('NOT ');
  const body = negated ? token.slice(1) : token;
  const match = /^([a-z_][a-z0-9_.]*):(>=|<=|>|<)?(.*)$/i.exec(body);
  if (!match) return { field: null, comparator: ':', value: unquote(body), negated };
  const comparator = (match[2] ? `:${match[2]}` : ':') as Comparator;
  return { field: match[1]!.toLowerCase(), comparator, value: unquote(match[3] ?? ''), negated };
}

export function parseSearchQuery(query: string | null | undefined): SearchQuery {
  if (!query || !query.trim()) return [];
  const groups: SearchTerm[][] = [[]];
  for (const token of tokenize(query.trim())) {
    if (token === 'OR') {
      groups.push([]);
      continue;
    }
    if (token === 'AND') continue;
    groups[groups.length - 1]!.push(parseTerm(token));
  }
  return groups.filter((group) => group.length > 0);
}

/** A field's value on a resource: text, a number, a date, or a list (tags); null = absent. */
export type FieldValue = string | number | Date | string[] | null;

function compare(actual: string | number | Date, term: SearchTerm): boolean {
  if (term.comparator === ':') {
    if (typeof actual === 'string') {
      const wanted = term.value.toLowerCase();
      // Shopify matches a trailing * as a prefix; otherwise the whole value, case-insensitively.
      return wanted.endsWith('*')
        ? actual.toLowerCase().startsWith(wanted.slice(0, -1))
        : actual.toLowerCase() === wanted;
    }
    if (actual instanceof Date) return actual.getTime() === Date.parse(term.value);
    return actual === Number(term.value);
  }
  const left = actual instanceof Date ? actual.getTime() : actual;
  const right =
    actual instanceof Date
      ? Date.parse(term.value)
      : typeof actual === 'number'
        ? Number(term.value)
        : term.value;
  if (typeof right === 'number' && Number.isNaN(right)) return false;
  switch (term.comparator) {
    case ':>':
      return left > right;
    case ':>=':
      return left >= right;
    case ':<':
      return left < right;
    default:
      return left <= right;
  }
}

function termMatches(term: SearchTerm, valueOf: (field: string | null) => FieldValue): boolean {
  const value = valueOf(term.field);
  let matched: boolean;
  if (value === null) {
    matched = false;
  } else if (Array.isArray(value)) {
    matched = value.some((entry) => compare(entry, term));
  } else if (term.field === null && typeof value === 'string') {
    // Free text matches anywhere in the default field (the title).
    matched = value.toLowerCase().includes(term.value.toLowerCase());
  } else {
    matched = compare(value, term);
  }
  return term.negated ? !matched : matched;
}

/**
 * Whether a resource matches. `valueOf` answers a field's value (null: the resource has none).
 * Terms on fields the resource type does not know are ignored, as Shopify does (it answers a
 * search warning instead): see `unknownSearchFields`.
 */
export function matchesSearch(
  query: SearchQuery,
  valueOf: (field: string | null) => FieldValue,
): boolean {
  if (query.length === 0) return true;
  return query.some((group) => group.every((term) => termMatches(term, valueOf)));
}

/** The fields a query filters on that the resource type does not know. */
export function unknownSearchFields(query: SearchQuery, known: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const group of query) {
    for (const term of group) {
      if (term.field !== null && !known.includes(term.field)) unknown.add(term.field);
    }
  }
  return [...unknown];
}

/** The query without the terms on unknown fields, which Shopify ignores. */
export function withoutUnknownFields(query: SearchQuery, known: readonly string[]): SearchQuery {
  return query
    .map((group) => group.filter((term) => term.field === null || known.includes(term.field)))
    .filter((group) => group.length > 0);
}
