// `npm run build`, step 2: the script-tag bundle, built with esbuild (it minifies an ES module fully,
// where Vite's library mode keeps whitespace in ES output).
//
//   dist/tender-checkout.js          the host element (isolated frame or inline form); registers it
//   dist/chunks/form-<hash>.js       the card form (Lit), flow, card logic, money, English: `inline` and `preview`
//   dist/chunks/protocol-<hash>.js   the host <-> frame protocol's zod/mini schemas, loaded beside the frame
//   dist/frame/                      the isolated card frame's page files (scripts/build-frame.mjs)
//   dist/chunks/client-<hash>.js     the API client and its zod/mini schemas, imported when the first
//                                    payment is loaded (docs/decisions/0003)
//   dist/chunks/appearance-<hash>.js the appearance compiler, imported when a theme or appearance is set
//   dist/chunks/preview-<hash>.js    the sample states of `preview` (src/flow/preview.ts), imported when it is set
//   dist/chunks/challenge-<hash>.js  the 3-D Secure modal (src/elements/challenge/), imported when a challenge opens
//   dist/chunks/confirmation-<hash>.js the confirmation a success shows (src/elements/tender-checkout/confirmation.ts),
//                                    imported when a confirm starts
//   dist/chunks/extras-<hash>.js     the brand marks, the CVC illustration and the network choice of a co-badged card
//                                    (src/elements/tender-checkout/card-extras.ts), imported at the form's first render
//   dist/chunks/saved-<hash>.js      a returning customer's saved cards and the save box (src/elements/tender-checkout/
//                                    saved-cards.ts), imported when a payment with a customer is loaded
//   dist/chunks/billing-<hash>.js    the billing fields, their country rules and English texts
//                                    (src/elements/tender-checkout/billing-fields.ts), imported at the form's first
//                                    render unless `billing`, `email` and `phone` are all `never`
//   dist/locales/<tag>.js            one module per locale other than English, imported on demand: the list of
//                                    its texts in English's key order (scripts/locale-values.mjs)
//
// Each file is self-contained: the main file and the form chunk import nothing statically, and a chunk never imports
// the main file (so a merchant may load it under any URL, query strings included). The card logic the
// client needs is inlined in its chunk too.
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { buildFrame } from './build-frame.mjs';
import { localeValuesPlugin } from './locale-values.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const common = {
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  legalComments: 'none',
  // text in other scripts stays UTF-8 instead of \uXXXX escapes: gzip compresses it far better
  charset: 'utf8',
  // esbuild reads no tsconfig unless told: without it Lit's decorators break
  tsconfig: join(root, 'tsconfig.json'),
  logLevel: 'warning',
  metafile: true,
};

for (const folder of ['chunks', 'locales', 'frame']) rmSync(join(dist, folder), { recursive: true, force: true });
rmSync(join(dist, 'tender-checkout.js'), { force: true });

/** Output file (relative to dist/) of each entry point, from an esbuild metafile. */
function outputsByEntry(metafile) {
  const map = new Map();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint) map.set(output.entryPoint, file.slice(file.indexOf('dist/') + 'dist/'.length));
  }
  return map;
}

const clientBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/api/client.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'client-[hash]',
});
const clientFile = [...outputsByEntry(clientBuild.metafile).values()][0];

const themesBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/themes/index.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'appearance-[hash]',
});
const themesFile = [...outputsByEntry(themesBuild.metafile).values()][0];

const previewBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/flow/preview.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'preview-[hash]',
});
const previewFile = [...outputsByEntry(previewBuild.metafile).values()][0];

const confirmationBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/elements/tender-checkout/confirmation.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'confirmation-[hash]',
});
const confirmationFile = [...outputsByEntry(confirmationBuild.metafile).values()][0];

const localeDir = join(root, 'src/i18n/locales');
let localeEntries = [];
try {
  localeEntries = readdirSync(localeDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
} catch {
  // no locale modules: English only
}
const localeFiles = new Map();
if (localeEntries.length > 0) {
  const localeBuild = await esbuild.build({
    ...common,
    entryPoints: localeEntries.map((name) => `src/i18n/locales/${name}`),
    outdir: join(dist, 'locales'),
    // no hash: 51 hashes cost ~300 bytes gzip of the main file's loader table; a locale's URL changes with the version
    entryNames: '[name]',
    // each module is the list of its texts in English's key order (scripts/locale-values.mjs)
    plugins: [localeValuesPlugin()],
  });
  for (const [entry, file] of outputsByEntry(localeBuild.metafile)) localeFiles.set(basename(entry, '.ts'), file);
}

const protocolBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/frame/protocol.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'protocol-[hash]',
});
const protocolFile = [...outputsByEntry(protocolBuild.metafile).values()][0];

/** Points a file's dynamic imports at the chunks built above; `from` is the file's folder inside dist/ ('' or 'chunks'). */
const lazyChunks = (from, chunks) => ({
  name: 'tender-lazy-chunks',
  setup(build) {
    const path = (file) => {
      const relative = posix.relative(from, file);
      return relative.startsWith('.') ? relative : `./${relative}`;
    };
    for (const [filter, file] of chunks) {
      build.onResolve({ filter }, (args) => (args.kind === 'dynamic-import' ? { path: path(file), external: true } : undefined));
    }
    build.onResolve({ filter: /^\.\/locales\/[\w-]+\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const tag = basename(args.path, '.js');
      const file = localeFiles.get(tag);
      if (!file) throw new Error(`build-bundle: no locale module built for ${tag}`);
      return { path: path(file), external: true };
    });
  },
});
// the dialog compiles an isolated host's look with the appearance module: the chunk of its own, not a copy
const challengeBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/elements/challenge/challenge-dialog.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'challenge-[hash]',
  plugins: [lazyChunks('chunks', [[/\/themes\/index\.js$/, themesFile]])],
});
const challengeFile = [...outputsByEntry(challengeBuild.metafile).values()][0];
const extrasBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/elements/tender-checkout/card-extras.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'extras-[hash]',
  // it asks for the payment-method list with the client of the client chunk (never a copy of its own)
  plugins: [lazyChunks('chunks', [[/\/api\/client\.js$/, clientFile]])],
});
const extrasFile = [...outputsByEntry(extrasBuild.metafile).values()][0];
const savedBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/elements/tender-checkout/saved-cards.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'saved-[hash]',
});
const savedFile = [...outputsByEntry(savedBuild.metafile).values()][0];

const FORM_CHUNKS = [
  [/\/api\/client\.js$/, clientFile],
  [/\/themes\/index\.js$/, themesFile],
  [/\/flow\/preview\.js$/, previewFile],
  [/\/challenge\/challenge-dialog\.js$/, challengeFile],
  [/\/tender-checkout\/confirmation\.js$/, confirmationFile],
  [/(^|\/)card-extras\.js$/, extrasFile],
  [/(^|\/)saved-cards\.js$/, savedFile],
];

/**
 * Minifies what esbuild leaves alone in the elements: template literals. In every `src/elements/`
 * module the indentation after a line break goes (HTML and CSS collapse whitespace, so a template
 * renders the same; outside templates esbuild minifies anyway). In `*.styles.ts` the CSS is minified
 * too: comments go, whitespace runs become one space, and none is kept next to `{`, `}` or `;` nor
 * after `:` or `,` (spaces before a colon stay: `.row :hover` is a descendant selector; the styles hold
 * no strings), nor the last `;` of a block. Only the CSS between `${…}` expressions is touched.
 */
const minifyTemplates = {
  name: 'tender-minify-templates',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]elements[\\/].*\.ts$/ }, async (args) => {
      let contents = (await readFile(args.path, 'utf8')).replace(/\n[ \t]+/g, '\n');
      if (args.path.endsWith('.styles.ts')) {
        // only the CSS between `${…}` expressions: the brace closing an expression is no block's end, and the
        // space after it may be needed (`calc(${…} + 1px)`)
        const minifyCss = (text) =>
          text
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .replace(/\s+/g, ' ')
            .replace(/ ?([{};]) ?/g, '$1')
            .replace(/([:,]) /g, '$1')
            .replace(/;}/g, '}');
        contents = contents.replace(/css`([^`]*)`/g, (_, text) => {
          const minified = text
            .split(/(\$\{[^}]*\})/)
            .map((part, index) => (index % 2 === 1 ? part : minifyCss(part)))
            .join('')
            .trim();
          return `css\`${minified}\``;
        });
      }
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Lit's css-tag throws two long English errors that only a programming mistake inside this library
 * could trigger (a CSSResult built by hand, a non-`css` value interpolated into `css`). In the
 * script-tag bundle they become short texts that still name the fault (~100 bytes gzip of the main
 * file); the npm entries keep Lit as a dependency, untouched.
 */
const LIT_ERRORS = [
  ['CSSResult is not constructable. Use `unsafeCSS` or `css` instead.', 'CSSResult: use css'],
  [". Use 'unsafeCSS' to pass non-literal values, but take care to ensure page security.", ''],
  ["Value passed to 'css' function must be a 'css' function result: ", 'css: not a CSSResult: '],
];
const shortLitErrors = {
  name: 'short-lit-errors',
  setup(build) {
    build.onLoad({ filter: /@lit[\\/]reactive-element[\\/]css-tag\.js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      for (const [long, short] of LIT_ERRORS) {
        if (!contents.includes(long)) throw new Error(`build-bundle: Lit's css-tag no longer says "${long}": update LIT_ERRORS`);
        contents = contents.replace(long, short);
      }
      return { contents, loader: 'js' };
    });
  },
};

const billingBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/elements/tender-checkout/billing-fields.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'billing-[hash]',
  // it asks for the payment-method list (`required_fields`) with the client of the client chunk
  plugins: [lazyChunks('chunks', [[/\/api\/client\.js$/, clientFile]]), minifyTemplates],
});
const billingFile = [...outputsByEntry(billingBuild.metafile).values()][0];
FORM_CHUNKS.push([/(^|\/)billing-fields\.js$/, billingFile]);
const formBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/elements/tender-checkout/card-form.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'form-[hash]',
  plugins: [lazyChunks('chunks', FORM_CHUNKS), minifyTemplates, shortLitErrors],
});
const formFile = [...outputsByEntry(formBuild.metafile).values()][0];

const main = await esbuild.build({
  ...common,
  entryPoints: ['src/define.ts'],
  outfile: join(dist, 'tender-checkout.js'),
  plugins: [
    lazyChunks('', [
      [/(^|\/)card-form\.js$/, formFile],
      [/\/frame\/protocol\.js$/, protocolFile],
      [/\/challenge\/challenge-dialog\.js$/, challengeFile],
      [/\/api\/client\.js$/, clientFile],
    ]),
    minifyTemplates,
  ],
});
for (const build of [main, formBuild]) {
  const staticImports = Object.values(build.metafile.outputs)[0].imports.filter((i) => i.kind !== 'dynamic-import');
  if (staticImports.length > 0) throw new Error(`build-bundle: the main file and the form chunk must import nothing statically: ${staticImports.map((i) => i.path)}`);
}
const frame = await buildFrame(join(dist, 'frame'), { plugins: [minifyTemplates, shortLitErrors] });
console.log(
  `dist/tender-checkout.js, dist/${formFile}, dist/${protocolFile}, dist/${clientFile}, dist/${themesFile}, dist/${previewFile}, dist/${challengeFile}, dist/${confirmationFile}, dist/${extrasFile}, dist/${savedFile}, dist/${billingFile}, ${localeFiles.size} locale modules; dist/frame/${frame.script} and ${frame.preload.length} preloaded chunks`,
);
