import { defineConfig } from 'vite';

/**
 * Library build of the npm entries (ESM, `lit` and `zod` left as dependencies). The script-tag
 * bundle and the demo site come with the distribution issue.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    lib: {
      entry: { index: 'src/index.ts', card: 'src/card/index.ts' },
      formats: ['es'],
    },
    rollupOptions: { external: [/^lit(\/|$)/, /^zod(\/|$)/] },
  },
});
