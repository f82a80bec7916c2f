import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enUS from './catalogues/en-US.json';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    const isSource = /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name);
    return isSource ? [path] : [];
  });
}

const files = sourceFiles(SRC).map((path) => ({
  path: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));
const catalogueIds = new Set(Object.keys(enUS));

/** Ids written out in code: message modules, and inline FormattedMessage / formatMessage. */
function literalIds(): { path: string; id: string }[] {
  const found: { path: string; id: string }[] = [];
  for (const { path, text } of files) {
    const patterns = [
      /<FormattedMessage[^>]*?\bid=["'{]+([^"'}]+)["'}]+/g,
      /formatMessage\(\s*\{\s*id:\s*['"]([^'"]+)['"]/g,
    ];
    if (path.endsWith('.messages.ts')) patterns.push(/\bid:\s*['"]([^'"]+)['"]/g);
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) found.push({ path, id: match[1]! });
    }
  }
  return found;
}

/** Ids the code builds from domain values (see dynamic-messages.ts); tested in catalogues.test.ts. */
const DYNAMIC_PREFIXES = [
  'error.',
  'region.',
  'permission.',
  'helpText.',
  'accessLevel.',
  'accountUserStatus.',
  'edition.',
  // A marketplace's condition values (lib/listings/listing-values.ts).
  'marketplaceCondition.',
];

describe('message ids used in the code', () => {
  it('finds the message modules', () => {
    expect(files.filter((file) => file.path.endsWith('.messages.ts')).length).toBeGreaterThan(3);
    expect(literalIds().length).toBeGreaterThan(50);
  });

  it('are all in the catalogues', () => {
    const missing = literalIds().filter(({ id }) => !catalogueIds.has(id));
    expect(missing).toEqual([]);
  });

  it('are defined only in *.messages.ts modules, so this scan sees them all', () => {
    const elsewhere = files
      .filter(
        (file) => !file.path.endsWith('.messages.ts') && !file.path.endsWith('define-messages.ts'),
      )
      .filter((file) => /\bdefineMessages\(/.test(file.text))
      .map((file) => file.path);
    expect(elsewhere).toEqual([]);
  });

  it('are each defined once', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { path, id } of literalIds().filter(({ path }) => path.endsWith('.messages.ts'))) {
      const first = seen.get(id);
      if (first) duplicates.push(`${id} in ${first} and ${path}`);
      else seen.set(id, path);
    }
    expect(duplicates).toEqual([]);
  });

  it('leave no catalogue key unused', () => {
    const used = new Set(literalIds().map(({ id }) => id));
    const unused = [...catalogueIds].filter(
      (id) => !used.has(id) && !DYNAMIC_PREFIXES.some((prefix) => id.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});
