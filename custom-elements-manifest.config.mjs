// `cem analyze`: the Custom Elements Manifest (dist/custom-elements.json) from the elements' JSDoc.
export default {
  globs: ['src/elements/**/*.ts'],
  // the billing fields are the form's lazily loaded part, no element and no public API (their attributes are the
  // element's; their country table would be the manifest's largest entry)
  exclude: ['src/**/*.test.ts', 'src/**/*.styles.ts', 'src/elements/tender-checkout/billing-*.ts'],
  outdir: 'dist',
  litelement: true,
};
