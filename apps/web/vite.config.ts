import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vite';

/** The Fastify server the dev server (and `vite preview`) sends /api and /webhook to. */
const API_ORIGIN = process.env.LISTLOOP_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  // The config may be run from the repository root (`vite build --config apps/web/vite.config.ts`).
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/webhook': { target: API_ORIGIN, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries in their own long-lived chunks: an app release does not bust their cache.
        // Only what the first screen needs ('$initial': imported statically from the entry):
        // a library only some screens use stays with them, loaded when one opens (decision
        // 0057); a group without the tag would pull it into the first download.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            {
              name: 'mantine',
              test: /[\\/]node_modules[\\/](@mantine|@floating-ui)[\\/]/,
              tags: ['$initial'],
            },
            // The rest of Mantine's components in one chunk the screens share, not one file each.
            {
              name: 'mantine-more',
              test: /[\\/]node_modules[\\/](@mantine[\\/](core|hooks|form)|@floating-ui)[\\/]/,
            },
            { name: 'tanstack', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, tags: ['$initial'] },
            {
              name: 'intl',
              test: /[\\/]node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
