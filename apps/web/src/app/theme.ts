import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
    Button: { defaultProps: { fw: 600 } },
  },
});
