// The repository explains itself, and what it says is true: no file points outside it, relative
// links in the docs resolve, the README's and architecture page's layouts name every folder, and the
// README's test-card table is what the sandbox's processor does.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { decideCard, TEST_CARD_NUMBERS, type CardDecision } from '../../sandbox/domain/processor.js';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
/** Folders that are not the project's own files: dependencies, build output, local data, reports. */
const NOT_OURS = new Set(['node_modules', 'dist', 'coverage', '.git', '.sandbox', '.bench', 'test-results', 'playwright-report', 'scratch']);

function projectFiles(dir = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_OURS.has(entry.name) ? [] : projectFiles(path);
    return /\.(ts|mjs|js|json|md|html|css|yml|yaml|sh)$|^run$/.test(entry.name) && entry.name !== 'package-lock.json' ? [path] : [];
  });
}

/** Names of documents that exist only outside this repository (written in pieces so this file does not match itself). */
const OUTSIDE = [['..', '/shared'], ['DESIGN', '.md'], ['DESIGN', ' §'], ['spec/', 'payment-api.md'], ['wire-', 'protocol'], ['peers', '.md'], ['style-', 'anchors']].map((parts) => parts.join(''));

describe('the repository explains itself', () => {
  it('no file refers to a document outside the repository', () => {
    const found = projectFiles().flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) => OUTSIDE.filter((name) => line.includes(name)).map((name) => `${file}:${index + 1} mentions ${name}`)),
    );
    assert.deepEqual(found, []);
  });

  it('relative links in README.md and docs/ point to files that exist', () => {
    const docs = ['README.md', ...projectFiles('docs').filter((file) => file.endsWith('.md'))];
    const broken: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      for (const match of read(doc).matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        const target = match[1]!;
        if (/^[a-z]+:/i.test(target)) continue;
        checked += 1;
        if (!existsSync(resolve(root, dirname(doc), target))) broken.push(`${doc} → ${target}`);
      }
    }
    assert.ok(checked >= 5, `only ${checked} relative links found: the link pattern is broken`);
    assert.deepEqual(broken, []);
  });

  it("the README's layout section and docs/architecture.md name every top-level folder", () => {
    const folders = readdirSync(root).filter((name) => !NOT_OURS.has(name) && !name.startsWith('.') && statSync(join(root, name)).isDirectory());
    assert.ok(folders.includes('src') && folders.includes('sandbox'), 'the folder listing works');
    const layout = read('README.md').split('## Layout')[1]?.split('\n## ')[0] ?? '';
    const architecture = read('docs/architecture.md');
    assert.deepEqual(folders.filter((folder) => !layout.includes(`${folder}/`)), [], 'README layout');
    assert.deepEqual(folders.filter((folder) => !architecture.includes(`${folder}/`)), [], 'docs/architecture.md');
    for (const parent of ['src', 'sandbox']) {
      const children = readdirSync(join(root, parent)).filter((name) => statSync(join(root, parent, name)).isDirectory() && name !== 'test');
      assert.deepEqual(children.filter((child) => !architecture.includes(`  ${child}/`)), [], `docs/architecture.md lists ${parent}/'s folders`);
    }
  });
});

/** The README's test-card rows: every number written in a row (with "9987 / 9979" shorthand) and the row's outcome text. */
function testCardRows(): { numbers: string[]; outcome: string }[] {
  const section = read('README.md').split('### Test cards')[1]?.split('\n### ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| \d/.test(line))
    .map((line) => {
      const [numbersCell = '', outcome = ''] = line.split('|').slice(1, 3).map((cell) => cell.trim());
      const numbers = numbersCell.split(',').flatMap((written) => {
        const [full = '', ...alternatives] = written.split('/').map((part) => part.replace(/\s/g, ''));
        return [full, ...alternatives.map((tail) => full.slice(0, full.length - tail.length) + tail)];
      });
      return { numbers, outcome };
    });
}

function describes(outcome: string, decision: CardDecision): boolean {
  switch (decision.kind) {
    case 'approve':
      return /`succeeded`|success/.test(outcome);
    case 'decline':
      return outcome.includes(`\`${decision.code}\``) || (/\//.test(outcome) && outcome.includes(decision.code));
    case 'challenge':
      return outcome.includes('challenge') && (decision.afterChallenge === 'fail') === /even on Complete|then `failed`/.test(outcome);
    case 'async':
      return outcome.includes('`processing`');
  }
}

describe("the README's test cards", () => {
  const rows = testCardRows();

  it('lists every card the processor knows, and only those', () => {
    const listed = rows.flatMap((row) => row.numbers);
    assert.ok(listed.length >= 20, `found ${listed.length} numbers in the table`);
    assert.deepEqual([...listed].sort(), [...TEST_CARD_NUMBERS].sort());
  });

  it('says what the processor does with each', () => {
    const wrong = rows.flatMap((row) => row.numbers.filter((number) => !describes(row.outcome, decideCard(number))).map((number) => `${number}: ${row.outcome}`));
    assert.deepEqual(wrong, []);
  });

  it('any other number is not supported', () => {
    assert.deepEqual(decideCard('4000056655665556'), { kind: 'decline', code: 'card_not_supported' });
  });
});
