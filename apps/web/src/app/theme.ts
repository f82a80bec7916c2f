import {
  createTheme,
  darken,
  lighten,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../lib/contrast';

/** ListLoop's indigo, a touch warmer than Mantine's. */
const loop: MantineColorsTuple = [
  '#eef1ff',
  '#dce0fb',
  '#b5bef1',
  '#8c99e8',
  '#6a7ae1',
  '#5466dc',
  '#485cdb',
  '#394cc3',
  '#3143af',
  '#25399b',
];

export const theme = createTheme({
  primaryColor: 'loop',
  colors: { loop },
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultGradient: { from: 'loop.6', to: 'violet.5', deg: 135 },
  components: {
    // A label longer than its button (Italian and Spanish run long) wraps onto a second line
    // instead of being cut: the button grows to fit.
    Button: {
      defaultProps: { fw: 600 },
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)' },
        inner: { height: 'auto', minHeight: 'var(--button-height)' },
        label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25, overflow: 'visible' },
      },
    },
    // The placeholder Mantine focuses first is a role=presentation child of role=menu, which
    // ARIA does not allow there; without it the menu focuses its first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * The colour itself, or the first of it darkened (or lightened) in small steps that reads at
 * 4.5:1 or more on every one of the backgrounds. Mantine's defaults are tuned for looks: grey
 * "dimmed" text, teal text and white on a grape badge all fall short of WCAG AA on our pages.
 */
export function readableOn(
  colour: string,
  backgrounds: readonly string[],
  direction: 'darken' | 'lighten',
): string {
  for (let step = 0; step <= 20; step += 1) {
    const candidate =
      step === 0
        ? colour
        : direction === 'darken'
          ? darken(colour, step * 0.05)
          : lighten(colour, step * 0.05);
    if (
      backgrounds.every((background) => contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST)
    )
      return candidate;
  }
  return direction === 'darken' ? '#000000' : '#ffffff';
}

type Shades = readonly string[];

/**
 * Where text sits in each scheme: cards (white / dark 6), the page (gray 0-1 / dark 7). The
 * text, light-variant and filled colours of every palette, and the dimmed grey, are moved just
 * far enough to read on all of them; a colour that already does is left as Mantine has it.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => {
  const { colors, white } = mantineTheme;
  const gray = colors.gray as Shades;
  const dark = colors.dark as Shades;
  // The primary colour's lightest shades are the background of selected rows and active links.
  const primary = colors[mantineTheme.primaryColor] as Shades;
  const lightPages = [white, gray[0]!, gray[1]!];
  const darkPages = [dark[6]!, dark[7]!];
  const light: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(
      gray[6]!,
      [...lightPages, primary[0]!, primary[1]!],
      'darken',
    ),
  };
  const darkScheme: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(dark[2]!, darkPages, 'lighten'),
  };
  for (const [name, tuple] of Object.entries(colors)) {
    const shades = tuple as Shades;
    const lightFilled = readableOn(shades[6]!, [white], 'darken');
    light[`--mantine-color-${name}-text`] = readableOn(shades[6]!, lightPages, 'darken');
    light[`--mantine-color-${name}-light-color`] = readableOn(
      shades[9]!,
      [shades[1]!, shades[2]!],
      'darken',
    );
    light[`--mantine-color-${name}-filled`] = lightFilled;
    light[`--mantine-color-${name}-filled-hover`] = darken(lightFilled, 0.1);

    const darkFilled = readableOn(shades[5]!, [white], 'darken');
    darkScheme[`--mantine-color-${name}-text`] = readableOn(shades[4]!, darkPages, 'lighten');
    darkScheme[`--mantine-color-${name}-light-color`] = readableOn(
      shades[0]!,
      [darken(shades[9]!, 0.3)],
      'lighten',
    );
    darkScheme[`--mantine-color-${name}-filled`] = darkFilled;
    darkScheme[`--mantine-color-${name}-filled-hover`] = darken(darkFilled, 0.1);
  }
  return { variables: {}, light, dark: darkScheme };
};
