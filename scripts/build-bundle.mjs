// `npm run build`, step 2: the script-tag bundle, built with esbuild (it minifies an ES module fully,
// where Vite's library mode keeps whitespace in ES output).
//
//   dist/tender-checkout.js          the elements, card logic, money, English; registers the elements
//   dist/chunks/client-<hash>.js     the API client and its zod/mini schemas, imported when the first
//                                    payment is loaded (docs/decisions/0003)
//   dist/chunks/appearance-<hash>.js the appearance compiler, imported when a theme or appearance is set
//   dist/chunks/preview-<hash>.js    the sample states of `preview` (src/flow/preview.ts), imported when it is set
//   dist/chunks/challenge-<hash>.js  the 3-D Secure modal (src/elements/challenge/), imported when a challenge opens
//   dist/chunks/confirmation-<hash>.js the confirmation a success shows (src/elements/tender-checkout/confirmation.ts),
//                                    imported when a confirm starts
//   dist/locales/<tag>.js            one module per locale other than English, imported on demand
//
// Each file is self-contained: the main file imports nothing statically, and a chunk never imports
// the main file (so a merchant may load it under any URL, query strings included). The card logic the
// client needs is inlined in its chunk too.
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

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

for (const folder of ['chunks', 'locales']) rmSync(join(dist, folder), { recursive: true, force: true });
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

const challengeBuild = await esbuild.build({
  ...common,
  entryPoints: ['src/elements/challenge/challenge-dialog.ts'],
  outdir: join(dist, 'chunks'),
  entryNames: 'challenge-[hash]',
});
const challengeFile = [...outputsByEntry(challengeBuild.metafile).values()][0];

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
  });
  for (const [entry, file] of outputsByEntry(localeBuild.metafile)) localeFiles.set(basename(entry, '.ts'), file);
}

/** Points the main file's dynamic imports at the chunks built above. */
const lazyChunks = {
  name: 'tender-lazy-chunks',
  setup(build) {
    build.onResolve({ filter: /\/api\/client\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${clientFile}`, external: true } : undefined,
    );
    build.onResolve({ filter: /\/themes\/index\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${themesFile}`, external: true } : undefined,
    );
    build.onResolve({ filter: /\/flow\/preview\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${previewFile}`, external: true } : undefined,
    );
    build.onResolve({ filter: /\/challenge\/challenge-dialog\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${challengeFile}`, external: true } : undefined,
    );
    build.onResolve({ filter: /\/tender-checkout\/confirmation\.js$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${confirmationFile}`, external: true } : undefined,
    );
    build.onResolve({ filter: /^\.\/locales\/[\w-]+\.js$/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      const tag = basename(args.path, '.js');
      const file = localeFiles.get(tag);
      if (!file) throw new Error(`build-bundle: no locale module built for ${tag}`);
      return { path: `./${file}`, external: true };
    });
  },
};

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

const main = await esbuild.build({
  ...common,
  entryPoints: ['src/define.ts'],
  outfile: join(dist, 'tender-checkout.js'),
  plugins: [lazyChunks, minifyTemplates, shortLitErrors],
});
const staticImports = Object.values(main.metafile.outputs)[0].imports.filter((i) => i.kind !== 'dynamic-import');
if (staticImports.length > 0) throw new Error(`build-bundle: the main file must import nothing statically: ${staticImports.map((i) => i.path)}`);
console.log(`dist/tender-checkout.js, dist/${clientFile}, dist/${themesFile}, dist/${previewFile}, dist/${challengeFile}, dist/${confirmationFile}, ${localeFiles.size} locale modules`);
