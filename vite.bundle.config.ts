import { defineConfig } from 'vite';

/**
 * `npm run build`, step 2: `dist/tender-checkout.js`, one ES module with everything inlined that
 * registers the elements when loaded (`<script type="module" src="tender-checkout.js">`).
 * Lit's production build (no dev mode).
 */
export default defineConfig({
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    lib: { entry: 'src/define.ts', formats: ['es'], fileName: () => 'tender-checkout.js' },
  },
});
