// The layering rules of docs/architecture.md, checked on the import statements themselves (every kind:
// static, `import type` and `import()`): src/ never imports the sandbox; inside src/ a module imports
// only from its own layer or the ones below; the sandbox's domain and store never see HTTP.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importsOf, sourceFiles } from './imports.js';

/** Shipped modules only: a test file beside the code may use the test helpers and a real sandbox. */
function violations(dir: string, forbidden: (target: string) => boolean): string[] {
  return sourceFiles(dir)
    .filter((file) => !file.endsWith('.test.ts'))
    .flatMap((file) => importsOf(file).filter(({ target }) => forbidden(target)).map(({ target }) => `${file} → ${target}`));
}

/**
 * The layers of src/, lowest first (docs/architecture.md § Layout says why). A path names a folder
 * (`src/api/`) or a file; a file's layer is the one of its longest matching path.
 */
const SRC_LAYERS: readonly (readonly string[])[] = [
  // pure rules and text: card logic, currencies, the message catalogue
  ['src/card/', 'src/money/', 'src/i18n/'],
  // the wire contracts: the payment API's schemas and client, the host <-> frame protocol
  ['src/api/', 'src/frame/envelope.ts', 'src/frame/protocol.ts'],
  // the event and error contract of the element
  ['src/events.ts'],
  // the payment flow (a pure state machine) and the appearance compiler
  ['src/flow/', 'src/themes/'],
  // the views: the host element, the card form, the 3-D Secure dialog, their controllers
  ['src/elements/'],
  // the entries: the package's, the React wrapper, the card frame page's script
  ['src/index.ts', 'src/define.ts', 'src/react.ts', 'src/frame/'],
];

/** The layer of a repository path (its index in SRC_LAYERS), or -1. */
function layerOf(path: string): number {
  let best = { layer: -1, length: 0 };
  SRC_LAYERS.forEach((paths, layer) => {
    for (const prefix of paths) {
      const matches = prefix.endsWith('/') ? path.startsWith(prefix) : path.replace(/\.js$/, '.ts') === prefix;
      if (matches && prefix.length > best.length) best = { layer, length: prefix.length };
    }
  });
  return best.layer;
}

describe('layering', () => {
  it('finds the imports it checks (the checker itself works)', () => {
    const targets = (file: string) => importsOf(file).map(({ kind, target }) => `${kind} ${target}`);
    assert.ok(targets('sandbox/domain/card-check.ts').includes('static src/card/index.js'));
    assert.ok(targets('sandbox/app.ts').includes('static hono'));
    assert.ok(targets('src/flow/machine.ts').includes('type src/events.js'));
    assert.ok(targets('src/elements/tender-checkout/card-form.ts').includes('static src/elements/tender-element.js'));
    assert.ok(targets('src/elements/controllers/payment-flow-controller.ts').includes('dynamic src/api/client.js'));
  });

  it('src/ (outside its tests) imports nothing from the sandbox, the demo or the tests', () => {
    assert.deepEqual(violations('src', (target) => /^(sandbox|demo|test|bench)\//.test(target)), []);
  });

  it('every module of src/ has a layer', () => {
    assert.deepEqual(
      sourceFiles('src').filter((file) => layerOf(file) < 0),
      [],
      'add its folder (or the file) to SRC_LAYERS and to the layer list of docs/architecture.md',
    );
  });

  it('a module of src/ imports only from its own layer or a lower one (nothing below the views imports src/elements/)', () => {
    const upward = sourceFiles('src')
      .filter((file) => !file.endsWith('.test.ts'))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ target }) => target.startsWith('src/') && layerOf(target) > layerOf(file))
          .map(({ kind, target }) => `${file} (layer ${layerOf(file)}) → ${target} (layer ${layerOf(target)}, ${kind})`),
      );
    assert.deepEqual(upward, [], 'a lower layer imports a higher one: move what both need down (docs/architecture.md § Layout)');
  });

  it('sandbox/domain and sandbox/store import nothing from sandbox/http, sandbox/routes or Hono', () => {
    const http = (target: string): boolean => /^sandbox\/(http|routes|pages)\//.test(target) || target === 'hono' || target.startsWith('hono/') || target.startsWith('@hono/');
    assert.deepEqual([...violations('sandbox/domain', http), ...violations('sandbox/store', http)], []);
  });
});
