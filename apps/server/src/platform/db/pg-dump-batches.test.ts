import { describe, expect, it } from 'vitest';
import { pgDumpBatches } from './pg-dump-batches';

async function batchesOf(text: string, maxChars: number): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of pgDumpBatches(new Blob([text]), maxChars)) out.push(batch);
  return out;
}

const PREAMBLE = [
  'SET standard_conforming_strings = off;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
  '',
];
const FUNCTION = [
  '--',
  '-- Name: f(); Type: FUNCTION; Schema: public; Owner: -',
  '--',
  '',
  "CREATE FUNCTION public.f() RETURNS text LANGUAGE sql AS $$select 'it''s; -- Name: no'$$;",
  '',
];
const ROWS = [
  "INSERT INTO public.items VALUES ('a', 'plain');",
  "INSERT INTO public.items VALUES ('b', 'two\nlines;\n-- Data for Name: x; Type: TABLE DATA\n''quoted'';');",
  "INSERT INTO public.items VALUES ('c', E'back\\\\slash \\' quote;\nstill inside');",
  "INSERT INTO public.items VALUES ('d', 'last');",
];

describe('pgDumpBatches', () => {
  it('cuts table data only between rows, however a value is written, and keeps every line', async () => {
    const text = [
      ...PREAMBLE,
      ...FUNCTION,
      '--',
      '-- Data for Name: items; Type: TABLE DATA; Schema: public; Owner: -',
      '--',
      '',
      ...ROWS,
      '',
    ].join('\n');
    const batches = await batchesOf(text, 1);
    // Everything comes through once, in order.
    expect(batches.join('\n')).toBe(text.trimEnd());
    // The function is one piece; each row is its own piece (maxChars 1), whole.
    expect(batches.filter((batch) => batch.includes('CREATE FUNCTION'))).toHaveLength(1);
    for (const row of ROWS) {
      expect(batches.some((batch) => batch.endsWith(row))).toBe(true);
    }
    expect(batches.some((batch) => batch.startsWith("'"))).toBe(false);
  });

  it('keeps rows together up to the size asked for, and reads a dump streamed in pieces', async () => {
    const rows = Array.from(
      { length: 1000 },
      (_, n) => `INSERT INTO public.items VALUES ('${n}', 'row ''${n}'' with ; and é');`,
    );
    const text = ['-- Data for Name: items; Type: TABLE DATA', ...rows].join('\n');
    const batches = await batchesOf(text, 10_000);
    expect(batches.length).toBeGreaterThan(2);
    expect(batches.length).toBeLessThan(20);
    expect(batches.join('\n')).toBe(text);
    for (const batch of batches.slice(1)) expect(batch.startsWith('INSERT INTO')).toBe(true);
  });

  it('refuses text that is not UTF-8 rather than changing it', async () => {
    const bytes = new Uint8Array([0x2d, 0x2d, 0x20, 0xff, 0x0a]);
    await expect(batchesOf(new TextDecoder('latin1').decode(bytes), 10)).resolves.toBeDefined();
    const reading = (async () => {
      const out: string[] = [];
      for await (const batch of pgDumpBatches(new Blob([bytes]))) out.push(batch);
      return out;
    })();
    await expect(reading).rejects.toThrow();
  });
});
