/**
 * The Custom Elements Manifest (dist/custom-elements.json, what editors, framework wrappers and Storybook
 * read) against its schema and the element itself: it is built here with the build's own `cem analyze`
 * configuration and held to what the code declares and does — the attributes the element observes (with their
 * property, type and default from props.ts), the events its code fires, the parts and the slot its
 * code renders, the tokens of src/themes/tokens.ts and the members the class has. Adding an attribute,
 * an event or a part without the manifest saying so fails here.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { PROPS, type PropName } from '../../src/elements/tender-checkout/props.js';
import { TENDER_EVENTS } from '../../src/events.js';
import { TOKENS } from '../../src/themes/tokens.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Described {
  name: string;
  description?: string;
}
interface Member extends Described {
  kind: 'field' | 'method';
  privacy?: string;
  static?: boolean;
  attribute?: string;
  default?: string;
  reflects?: boolean;
}
interface Attribute extends Described {
  fieldName: string;
  type: { text: string };
  default: string;
}
interface Declaration extends Described {
  kind: string;
  tagName?: string;
  summary?: string;
  customElement?: boolean;
  superclass?: { name: string; package?: string };
  attributes?: Attribute[];
  events?: (Described & { type?: { text: string } })[];
  slots?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
  members?: Member[];
}
interface Manifest {
  modules: { path: string; declarations: Declaration[]; exports: { kind: string; name: string; declaration: { name: string; module: string } }[] }[];
}

/** The element's own source files (tests aside), which render its parts and fire its events. */
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(`${dir}/${entry.name}`) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [readFileSync(join(root, dir, entry.name), 'utf8')] : [],
  );
const elementSources = sources('src/elements');

let manifest: Manifest;
let element: Declaration;
const outdir = mkdtempSync(join(tmpdir(), 'tender-manifest-'));

before(() => {
  // `npm run build`'s own step (scripts/build.mjs), written elsewhere (the analyzer takes `--outdir` relative to its
  // folder): the test needs no build and leaves dist/ alone
  const cem = join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js');
  const run = spawnSync(process.execPath, [cem, 'analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', relative(root, outdir), '--quiet'], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  manifest = JSON.parse(readFileSync(join(outdir, 'custom-elements.json'), 'utf8')) as Manifest;
  const elements = manifest.modules.flatMap((module) => module.declarations.filter((declaration) => declaration.customElement));
  assert.deepEqual(
    elements.map((declaration) => declaration.tagName),
    ['tender-checkout'],
    'one custom element: <tender-checkout> (the internal <tender-card-form> is no API)',
  );
  element = elements[0]!;
});
after(() => rmSync(outdir, { recursive: true, force: true }));

const names = (items: Described[] | undefined) => (items ?? []).map((item) => item.name);
const sorted = (items: string[]) => [...items].sort();
/** A PROPS default as the manifest writes a default: its source text. */
const sourceText = (value: string | number | boolean) => (typeof value === 'string' ? `'${value}'` : String(value));
const KIND_TYPE = { b: /^boolean$/, n: /^number$/, s: /^(string|\w+ \| '')$/ };

describe('the manifest’s <tender-checkout>', () => {
  it('is a valid Custom Elements Manifest (the schema of the version the analyzer writes)', () => {
    const analyzer = createRequire(createRequire(import.meta.url).resolve('@custom-elements-manifest/analyzer/package.json'));
    const schema = JSON.parse(readFileSync(analyzer.resolve('custom-elements-manifest/schema.json'), 'utf8')) as object;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    assert.ok(validate(manifest), JSON.stringify(validate.errors, null, 1));
  });

  it('is registered as `tender-checkout` by the `define` entry, an HTMLElement', () => {
    const define = manifest.modules.find((module) => module.path === 'dist/define.js');
    assert.deepEqual(
      define?.exports.find((exported) => exported.kind === 'custom-element-definition'),
      { kind: 'custom-element-definition', name: 'tender-checkout', declaration: { name: 'TenderCheckout', module: 'dist/index.js' } },
    );
    assert.deepEqual(element.superclass, { name: 'HTMLElement', package: 'global:' });
    assert.ok(element.summary, 'a summary');
    assert.equal(element.description, element.summary, 'the summary is its description too');
  });

  it('names only files the package ships and exports, never src/ (a module’s path is the file a user imports)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { default: string }> };
    const exported = new Set(Object.values(pkg.exports).map((target) => (typeof target === 'string' ? target : target.default).replace(/^\.\//, '')));
    const named = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if ((key === 'module' || key === 'path') && typeof inner === 'string') named.add(inner);
          else collect(inner);
        }
    };
    collect(manifest.modules);
    assert.deepEqual([...named].sort(), ['dist/define.js', 'dist/index.js']);
    for (const path of named) assert.ok(exported.has(path), `${path} is an entry of package.json exports`);
    // the class is exported where the manifest says it is: src/index.ts is the source of dist/index.js
    assert.match(readFileSync(join(root, 'src/index.ts'), 'utf8'), /export \{ TenderCheckout \} from/);
  });

  it('lists exactly the attributes the element observes, in its order', () => {
    assert.ok(TenderCheckout.observedAttributes.length > 0);
    assert.deepEqual(names(element.attributes), [...TenderCheckout.observedAttributes]);
  });

  it('gives each attribute its property, type, default and description', () => {
    for (const [fieldName, [attribute, kind, fallback]] of Object.entries(PROPS) as [PropName, (typeof PROPS)[PropName]][]) {
      const entry = element.attributes?.find((candidate) => candidate.name === attribute);
      assert.ok(entry, attribute);
      assert.equal(entry.fieldName, fieldName, attribute);
      assert.equal(entry.default, sourceText(fallback), attribute);
      assert.match(entry.type.text, KIND_TYPE[kind], `${attribute} is of kind ${kind}`);
      assert.ok(entry.description, `${attribute} has a description`);
      const field = element.members?.find((member) => member.name === fieldName);
      assert.deepEqual([field?.kind, field?.attribute, field?.default], ['field', attribute, sourceText(fallback)], `the ${fieldName} field`);
    }
  });

  it('marks `disabled` as the one reflected property (its setter sets the attribute)', () => {
    assert.deepEqual(
      element.members?.filter((member) => member.reflects).map((member) => member.name),
      ['disabled'],
    );
  });

  it('lists every event of src/events.ts with its `detail` type', () => {
    assert.deepEqual(sorted(names(element.events)), sorted(Object.keys(TENDER_EVENTS)));
    for (const event of element.events ?? []) {
      assert.match(event.type?.text ?? '', /^CustomEvent<Tender\w+Detail>$/, event.name);
      assert.ok(event.description, `${event.name} has a description`);
    }
  });

  it('lists every event the element’s code fires', () => {
    const fired = new Set(elementSources.flatMap((source) => [...source.matchAll(/(?:emit|new CustomEvent)\(\s*'(tender-[a-z-]+)'/g)].map((match) => match[1] ?? '')));
    assert.ok(fired.size >= 6, [...fired].join(', '));
    assert.deepEqual([...fired].filter((name) => !names(element.events).includes(name)), []);
  });

  it('lists the slot the element renders', () => {
    const rendered = elementSources.flatMap((source) => [...source.matchAll(/createElement\('slot'\), \{ name: '([\w-]+)' \}/g)].map((match) => match[1] ?? ''));
    assert.deepEqual(rendered, ['frame']);
    assert.deepEqual(names(element.slots), rendered);
    assert.ok(element.slots?.every((slot) => slot.description));
  });

  it('lists exactly the parts the element and its form render', () => {
    const rendered = new Set<string>();
    for (const source of elementSources) {
      // part="a b", part=${cond ? 'a b' : 'c'}, setAttribute('part', 'a')
      for (const [, list] of source.matchAll(/\bpart="([\w -]+)"/g)) for (const part of list!.split(' ')) rendered.add(part);
      for (const [, expression] of source.matchAll(/\bpart=\$\{([^}]*\?[^}]*)\}/g))
        for (const [, list] of expression!.matchAll(/'([\w -]+)'/g)) for (const part of list!.split(' ')) rendered.add(part);
      for (const [, part] of source.matchAll(/setAttribute\('part', '([\w-]+)'\)/g)) rendered.add(part!);
    }
    // the isolated mode's iframe is the element's light-DOM child (the `frame` slot), no part of its shadow tree
    rendered.delete('frame');
    assert.ok(rendered.size >= 20, [...rendered].join(' '));
    assert.deepEqual(sorted(names(element.cssParts)), sorted([...rendered]));
    assert.ok(element.cssParts?.every((part) => part.description));
  });

  it('lists the theme tokens and the host’s own --tender-reserved-height as CSS custom properties', () => {
    assert.deepEqual(names(element.cssProperties), [...TOKENS.map((token) => token.cssVar), '--tender-reserved-height']);
  });

  it('lists the class’s members and nothing else: each public one exists on the class', () => {
    const publicMembers = (element.members ?? []).filter((member) => member.privacy !== 'private');
    for (const member of publicMembers) {
      const owner: object = member.static ? TenderCheckout : TenderCheckout.prototype;
      assert.ok(member.name && member.name in owner, `${member.static ? 'static ' : ''}${member.name} is on the class`);
    }
    const methods = publicMembers.filter((member) => member.kind === 'method' && !member.static).map((member) => member.name);
    assert.deepEqual(sorted(methods), ['confirm', 'focus']);
    for (const name of ['appearance', 'messages', 'updateComplete']) assert.ok(names(publicMembers).includes(name), name);
  });
});
