// A locale module as it ships: the list of its texts in the order of English's keys, not an object.
// Every locale module repeats the same 60-odd keys; as an array it is about a third smaller gzipped
// (bg: 1,496 → 970 bytes), which is what leaves each locale room under its 1.5 KB budget for the texts
// new features bring. src/i18n/index.ts reads either form (the sources, run by tsx and the browser
// tests, stay objects). Used by scripts/build-bundle.mjs, scripts/build-frame.mjs and the locale
// size test (src/i18n/i18n.test.ts), so the budget is measured on what ships.
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The locale modules: src/i18n/locales/<tag>.ts (not English, which is built into the form). */
export const LOCALE_MODULE = /[\\/]src[\\/]i18n[\\/]locales[\\/][\w-]+\.ts$/;

/** Runs a TypeScript module of the catalogue (it imports types only) and returns its exports. */
async function evaluate(file) {
  const built = await esbuild.build({ entryPoints: [file], bundle: true, write: false, format: 'esm', platform: 'neutral', logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`);
}

/** The texts of one locale module, in English's key order; throws naming a key the module lacks. */
export async function localeValues(file, keys) {
  const messages = (await evaluate(file)).default;
  return keys.map((key) => {
    if (typeof messages[key] !== 'string') throw new Error(`${file}: no text for ${key}`);
    return messages[key];
  });
}

/**
 * English's keys, in order (src/i18n/en.ts), then the billing fields' (src/i18n/billing-en.ts): the
 * form reads the first, the billing chunk the rest (`billingTexts`).
 */
export const englishKeys = async () => [
  ...Object.keys((await evaluate(`${root}src/i18n/en.ts`)).en),
  ...Object.keys((await evaluate(`${root}src/i18n/billing-en.ts`)).billingEn),
];

/** The esbuild plugin: each locale module becomes `export default [ …its texts… ]`. */
export function localeValuesPlugin() {
  return {
    name: 'tender-locale-values',
    setup(build) {
      let keys;
      build.onLoad({ filter: LOCALE_MODULE }, async (args) => {
        keys ??= englishKeys();
        const values = await localeValues(args.path, await keys);
        return { contents: `export default ${JSON.stringify(values)};`, loader: 'js' };
      });
    },
  };
}
