// `cem analyze`: the Custom Elements Manifest (dist/custom-elements.json) of the public element, from its JSDoc
// (summary, events, slot, parts, CSS custom properties, each property's doc comment) and, through the plugin
// below, from what the analyzer cannot read in its code: the attribute table of props.ts, the events' `detail`
// types of src/events.ts and the `define` call of src/define.ts. test/node/manifest.test.ts holds the result to
// the element's real `observedAttributes` and events.
//
// Only the public modules are analysed (docs/widget.md § The Custom Elements Manifest): the rest of
// src/elements/ is no API. `<tender-card-form>` in particular is the inline mode's internal element (the host
// registers it when it loads the form chunk; its properties are the host's, passed through): in the manifest,
// editors would offer it as a tag for pages and wrapper generators would make a component of it.
import { readFileSync } from 'node:fs';

/** The analyzer's own TypeScript (its syntax kinds are not another version's), given to the plugin's `initialize`. */
let ts;

/** The element's module, and the modules the plugin reads beside it. */
const ELEMENT = 'src/elements/tender-checkout/tender-checkout.ts';
const PROPS = 'src/elements/tender-checkout/props.ts';
const EVENTS = 'src/events.ts';
/** Each analysed module → the built file that exports the same (package.json: `exports["."]`, `exports["./define"]`). */
const SHIPPED = { [ELEMENT]: 'dist/index.js', 'src/define.ts': 'dist/define.js' };

const parse = (path) => ts.createSourceFile(path, readFileSync(new URL(path, import.meta.url), 'utf8'), ts.ScriptTarget.Latest, true);
/** Every node of `file` that `test` accepts. */
function find(file, test) {
  const found = [];
  const visit = (node) => {
    if (test(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** props.ts's `PROPS`: property name → { attribute, kind, fallback (its source text: `''`, `'auto'`, `false`, `0`) }. */
function readProps() {
  const [declaration] = find(parse(PROPS), (node) => ts.isVariableDeclaration(node) && node.name.getText() === 'PROPS');
  let table = declaration?.initializer;
  while (table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table))) table = table.expression;
  if (!table || !ts.isObjectLiteralExpression(table)) throw new Error(`${PROPS}: no \`PROPS = { … }\` table`);
  return new Map(
    table.properties.map((row) => {
      const [attribute, kind, fallback] = ts.isPropertyAssignment(row) && ts.isArrayLiteralExpression(row.initializer) ? row.initializer.elements : [];
      if (!attribute || !ts.isStringLiteral(attribute) || !kind || !ts.isStringLiteral(kind) || !fallback) throw new Error(`${PROPS}: row ${row.getText()} is not [attribute, kind, default]`);
      return [row.name.getText(), { attribute: attribute.text, kind: kind.text, fallback: fallback.getText() }];
    }),
  );
}

/** src/events.ts's `HTMLElementEventMap`: event name → its type (`CustomEvent<TenderReadyDetail>`). */
function readEventTypes() {
  const [map] = find(parse(EVENTS), (node) => ts.isInterfaceDeclaration(node) && node.name.text === 'HTMLElementEventMap');
  if (!map) throw new Error(`${EVENTS}: no HTMLElementEventMap`);
  return new Map(map.members.filter(ts.isPropertySignature).map((member) => [member.name.getText().replace(/^'|'$/g, ''), member.type?.getText() ?? '']));
}

/** The class's own member names: the analyzer also lists what the constructor assigns on other objects (`this.root.adoptedStyleSheets`, a module variable). */
const declaredMembers = (node) => new Set(node.members.map((member) => member.name?.getText()).filter(Boolean));

function tenderCheckoutPlugin() {
  return {
    name: 'tender-checkout',
    initialize({ ts: analyzerTs }) {
      ts = analyzerTs;
    },
    analyzePhase({ node, moduleDoc }) {
      // `X.define('tag')` at the top of a module (src/define.ts): the module registers the tag
      if (ts.isExpressionStatement(node) && ts.isSourceFile(node.parent) && ts.isCallExpression(node.expression)) {
        const { expression: callee, arguments: [tag] } = node.expression;
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'define' && tag && ts.isStringLiteral(tag)) {
          const className = callee.expression.getText();
          const source = node.parent.statements.find((statement) => ts.isImportDeclaration(statement) && statement.importClause?.getText().includes(className));
          const module = source ? new URL(source.moduleSpecifier.text.replace(/\.js$/, '.ts'), `file:///${moduleDoc.path}`).pathname.slice(1) : moduleDoc.path;
          moduleDoc.exports.push({ kind: 'custom-element-definition', name: tag.text, declaration: { name: className, module } });
        }
      }
      // `export type { … } from …`: no JavaScript export
      if (ts.isExportDeclaration(node) && node.isTypeOnly && node.exportClause && ts.isNamedExports(node.exportClause)) {
        const names = new Set(node.exportClause.elements.map((element) => element.name.text));
        moduleDoc.exports = moduleDoc.exports.filter((exported) => !names.has(exported.name));
      }
      if (!ts.isClassDeclaration(node) || moduleDoc.path !== ELEMENT) return;
      const doc = moduleDoc.declarations.find((declaration) => declaration.name === node.name?.text);
      if (!doc) return;
      const own = declaredMembers(node);
      doc.members = doc.members.filter((member) => own.has(member.name));
    },
    packageLinkPhase({ customElementsManifest }) {
      const element = customElementsManifest.modules.find((module) => module.path === ELEMENT)?.declarations.find((declaration) => declaration.customElement);
      if (!element) throw new Error(`${ELEMENT}: no custom element`);
      // `extends Base`, the module's `(globalThis.HTMLElement ?? class {}) as typeof HTMLElement`: an HTMLElement
      if (element.superclass?.name === 'Base') element.superclass = { name: 'HTMLElement', package: 'global:' };
      // editors show the `description` (VS Code's hover, Storybook's docs page): the class says it once, as `@summary`
      element.description ||= element.summary ?? '';
      // its attributes: props.ts's table, each with its property's type and doc comment
      element.attributes = [...readProps()].map(([fieldName, { attribute, fallback }]) => {
        const field = element.members.find((member) => member.kind === 'field' && member.name === fieldName);
        if (!field) throw new Error(`${ELEMENT}: no \`declare ${fieldName}\` for the ${attribute} attribute`);
        Object.assign(field, { attribute, default: fallback });
        return { name: attribute, fieldName, type: field.type, default: fallback, description: field.description };
      });
      // `export { TenderCheckout }` of an imported class (src/define.ts): the class's own module
      for (const module of customElementsManifest.modules)
        for (const exported of module.exports)
          if (exported.declaration.module === module.path && !module.declarations.some((declaration) => declaration.name === exported.declaration.name)) {
            const owner = customElementsManifest.modules.find((other) => other.declarations.some((declaration) => declaration.name === exported.declaration.name));
            if (owner) exported.declaration.module = owner.path;
          }
      // its events' `detail` types
      const types = readEventTypes();
      for (const event of element.events ?? []) {
        if (!types.has(event.name)) throw new Error(`${EVENTS}: no HTMLElementEventMap entry for ${event.name}`);
        event.type = { text: types.get(event.name) };
      }
      // a module's `path` is the JavaScript file a user imports: the package's entries (package.json `exports`), not src/
      const renamed = (path) => {
        if (!Object.hasOwn(SHIPPED, path)) throw new Error(`${path}: no shipped entry for it in SHIPPED`);
        return SHIPPED[path];
      };
      const relink = (value) => {
        if (Array.isArray(value)) value.forEach(relink);
        else if (value && typeof value === 'object')
          for (const [key, inner] of Object.entries(value)) {
            if (key === 'module' && typeof inner === 'string' && !value.package) value.module = renamed(inner);
            else relink(inner);
          }
      };
      for (const module of customElementsManifest.modules) {
        module.path = renamed(module.path);
        relink(module.declarations);
        relink(module.exports);
      }
    },
  };
}

export default {
  globs: [ELEMENT, 'src/define.ts'],
  outdir: 'dist',
  // package.json names dist/custom-elements.json itself: the analyzer must not rewrite it (to another --outdir)
  packagejson: false,
  plugins: [tenderCheckoutPlugin()],
};
