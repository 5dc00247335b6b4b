// No import circles in src/ or sandbox/: two modules that need each other cannot be read, tested or
// moved one without the other, and a circle of value imports evaluates one of them half-initialised.
//
// What counts as an edge (test/node/imports.ts reads the statements):
// - `import … from`, `import '…'` and `export … from`;
// - `import type` and `export type … from` too: erased at run time, but a circle of types is still two
//   modules that each need the other to be understood, and becomes a run-time circle the day one of the
//   imports starts using a value;
// - not `import()`: a dynamic import is a lazily loaded chunk (the form, the client, the protocol, a
//   locale), fetched after the importing module has run; it cannot catch a module half-initialised,
//   and it is where a lower module may reach a higher one's code on purpose.
// Tests (`*.test.ts`) are left out: a test imports what it tests, and nothing imports a test.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importsOf, sourceFiles, tsFile } from './imports.js';

/** module → the modules it imports statically (`.ts` paths inside src/ and sandbox/). */
function importGraph(dirs: string[]): Map<string, string[]> {
  const files = dirs.flatMap((dir) => sourceFiles(dir)).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const inside = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file)
      .filter(({ kind }) => kind !== 'dynamic')
      .map(({ target }) => tsFile(target))
      .filter((target): target is string => target !== null && inside.has(target));
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** The strongly connected components of more than one module, or of one that imports itself (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string): void => {
    index.set(module, next);
    low.set(module, next);
    next += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1 || graph.get(module)?.includes(module)) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

/** One shortest circle through the first module of a component, written `a → b → a`. */
function shortestCircle(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const module = queue.shift()!;
    for (const target of graph.get(module) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [module];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start].join(' → ');
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, module);
        queue.push(target);
      }
    }
  }
  return component.join(', ');
}

describe('no import cycles', () => {
  const graph = importGraph(['src', 'sandbox']);

  it('reads the graph (the checker itself works)', () => {
    assert.ok(graph.size > 100, `only ${graph.size} modules found`);
    assert.ok(graph.get('sandbox/domain/card-check.ts')?.includes('src/card/index.ts'), 'a static import across src/ and sandbox/');
    assert.ok(graph.get('src/flow/preview.ts')?.includes('src/flow/machine.ts'), 'an `import type`');
    assert.ok(!graph.get('src/i18n/loaders.ts')?.includes('src/i18n/locales/af.ts'), 'not an `import()`');
    const toy = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    assert.deepEqual(
      circles(toy).map((component) => shortestCircle(toy, component)),
      ['d → d', 'a → b → c → a'],
    );
  });

  it('in src/ and sandbox/ (tests aside)', () => {
    const found = circles(graph).map((component) => `${shortestCircle(graph, component)}${component.length > 3 ? ` (${component.length} modules: ${component.join(', ')})` : ''}`);
    assert.deepEqual(found, [], 'break each circle: move what both sides need into a module both import');
  });
});
