import { defineConfig } from 'vite';

/**
 * `npm run build`, step 1: the npm entries (ESM; `lit` and `zod` stay dependencies, not inlined).
 * Step 2 (scripts/build-bundle.mjs, esbuild) builds the self-contained script-tag bundle.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    lib: {
      entry: { index: 'src/index.ts', define: 'src/define.ts', card: 'src/card/index.ts', client: 'src/api/client.ts' },
      formats: ['es'],
    },
    rollupOptions: { external: [/^lit(\/|$)/, /^@lit\//, /^zod(\/|$)/] },
  },
});
