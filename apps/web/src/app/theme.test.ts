import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type CSSVariablesResolver,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { MARKS } from '../components/marketplaces/marketplace-logo';
import { contrastRatio, MIN_TEXT_CONTRAST, textColourOn } from '../lib/contrast';
import { cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);

/** The CSS variables a scheme ends up with, as MantineProvider merges them, var() resolved. */
function schemeVariables(
  scheme: 'light' | 'dark',
  resolvers: CSSVariablesResolver[],
): (name: string) => string {
  const all: Record<string, string> = {};
  for (const resolver of resolvers) {
    const output = resolver(merged);
    Object.assign(all, output.variables, output[scheme]);
  }
  for (const [name, colours] of Object.entries(merged.colors)) {
    colours.forEach((colour, shade) => {
      all[`--mantine-color-${name}-${shade}`] ??= colour;
    });
  }
  all['--mantine-color-white'] ??= merged.white;
  const resolve = (value: string): string => {
    const reference = /^var\((--[\w-]+)\)$/.exec(value.trim());
    if (!reference) return value;
    const next = all[reference[1]!];
    if (next === undefined) throw new Error(`${reference[1]} is not defined`);
    return resolve(next);
  };
  return (name) => resolve(`var(${name})`);
}

/** Every text colour on every background it is drawn on, below 4.5:1. */
function shortfalls(scheme: 'light' | 'dark', resolvers: CSSVariablesResolver[]): string[] {
  const get = schemeVariables(scheme, resolvers);
  const pages =
    scheme === 'light'
      ? [merged.white, merged.colors.gray[0], merged.colors.gray[1]]
      : [merged.colors.dark[6], merged.colors.dark[7]];
  const pairs: [string, string, string][] = [];
  // Dimmed text also sits on selected rows, tinted with the primary colour's lightest shades.
  const tinted = scheme === 'light' ? [merged.colors.loop![0], merged.colors.loop![1]] : [];
  for (const page of [...pages, ...tinted]) {
    pairs.push(['dimmed', get('--mantine-color-dimmed'), page]);
  }
  for (const name of Object.keys(merged.colors)) {
    for (const page of pages)
      pairs.push([`${name} text`, get(`--mantine-color-${name}-text`), page]);
    pairs.push([
      `${name} light variant`,
      get(`--mantine-color-${name}-light-color`),
      get(`--mantine-color-${name}-light`),
    ]);
    pairs.push([`white on ${name} filled`, merged.white, get(`--mantine-color-${name}-filled`)]);
  }
  return pairs
    .filter(([, text, background]) => contrastRatio(text, background) < MIN_TEXT_CONTRAST)
    .map(([what, text, background]) => `${what}: ${text} on ${background}`);
}

describe('theme colours', () => {
  it('falls short of 4.5:1 with Mantine’s defaults alone (what the resolver is for)', () => {
    const before = shortfalls('light', [defaultCssVariablesResolver]);
    expect(before).toContain(`dimmed: ${merged.colors.gray[6]} on ${merged.white}`);
    expect(before).toContain(`white on grape filled: ${merged.white} on ${merged.colors.grape[6]}`);
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`reads at 4.5:1 or more everywhere in the ${scheme} scheme`, () => {
      expect(shortfalls(scheme, [defaultCssVariablesResolver, cssVariablesResolver])).toEqual([]);
    });
  }

  it('leaves a colour that already reads as it is', () => {
    const get = schemeVariables('light', [defaultCssVariablesResolver, cssVariablesResolver]);
    // White reads on the primary indigo: the brand colour stays.
    expect(get('--mantine-color-loop-filled')).toBe(merged.colors.loop?.[6]);
  });
});

describe('marketplace marks', () => {
  it('draws every mark’s initials in a colour that reads on its brand colour', () => {
    const unreadable = Object.entries(MARKS)
      .filter(
        ([, mark]) => contrastRatio(textColourOn(mark.colour), mark.colour) < MIN_TEXT_CONTRAST,
      )
      .map(([id, mark]) => `${id} ${mark.colour}`);
    expect(unreadable).toEqual([]);
  });
});
