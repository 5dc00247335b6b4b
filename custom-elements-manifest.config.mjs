// `cem analyze`: the Custom Elements Manifest (dist/custom-elements.json) from the elements' JSDoc.
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/**/*.test.ts', 'src/**/*.styles.ts'],
  outdir: 'dist',
  litelement: true,
};
