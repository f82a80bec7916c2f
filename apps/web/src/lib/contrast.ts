import { luminance } from '@mantine/core';

/** WCAG 2 AA for text under 18.66 px bold / 24 px regular: what every label here is. */
export const MIN_TEXT_CONTRAST = 4.5;

/** WCAG 2's contrast ratio of two colours (any CSS colour Mantine parses), from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/** Black or white, whichever reads better on the background. */
export function textColourOn(background: string, dark = '#000000', light = '#ffffff'): string {
  return contrastRatio(dark, background) >= contrastRatio(light, background) ? dark : light;
}
