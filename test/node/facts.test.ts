/**
 * One fact, one place: the theme tokens (src/themes/tokens.ts), the events (TENDER_EVENTS in
 * src/events.ts) and the element's properties (its `@property` fields) are
 * each defined once. The element's JSDoc (which feeds custom-elements.json) and the tables in docs/
 * are held to them here; a failure prints the lines to paste.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { TENDER_EVENTS } from '../../src/events.js';
import { TOKENS } from '../../src/themes/tokens.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const element = read('src/elements/tender-checkout/tender-checkout.ts');
/** The element's attribute table (PROPS), a module of its own. */
const props = read('src/elements/tender-checkout/props.ts');
const widgetDoc = read('docs/widget.md');
const themingDoc = read('docs/theming.md');

/** The JSDoc lines of a tag (`@event`, `@cssproperty`) in the element's header, without the leading ` * `. */
const jsdocLines = (tag: string) => [...element.matchAll(new RegExp(`^ \\* (@${tag} .*)$`, 'gm'))].map((match) => match[1] ?? '');
/** The rows of the Markdown table whose header row starts with `header`. */
function tableRows(markdown: string, header: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  assert.ok(start >= 0, `no table starting "${header}"`);
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line);
  }
  return rows;
}
const sameLines = (actual: string[], expected: string[], where: string) =>
  assert.deepEqual(actual, expected, `${where} differs; expected:\n${expected.join('\n')}\n`);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

describe('theme tokens', () => {
  it('are the element’s @cssproperty lines, followed by the host-only properties docs/theming.md names', () => {
    const lines = jsdocLines('cssproperty');
    sameLines(lines.slice(0, TOKENS.length), TOKENS.map((token) => `@cssproperty ${token.cssVar} - ${token.description}.`), 'the @cssproperty lines of tender-checkout.ts');
    // not tokens: the host element reads them itself (the frame and the appearance never see them)
    const hostOnly = lines.slice(TOKENS.length).map((line) => line.split(' ')[1] ?? '');
    assert.deepEqual(hostOnly, ['--tender-reserved-height']);
    for (const name of hostOnly) assert.ok(themingDoc.includes(`\`${name}\``), `docs/theming.md names ${name}`);
  });

  it('are the token table of docs/theming.md, in order, with kind and description', () => {
    const rows = tableRows(themingDoc, '| variable | CSS property | kind |');
    assert.equal(rows.length, TOKENS.length, 'one row per token');
    TOKENS.forEach((token, index) => {
      const cells = (rows[index] ?? '').split(' | ');
      assert.deepEqual([cells[0], cells[1], cells[2], cells.at(-1)], [`| \`${token.name}\``, `\`${token.cssVar}\``, token.kind, `${token.description} |`], `row ${index + 1}`);
    });
  });
});

describe('events', () => {
  const events = Object.entries(TENDER_EVENTS);

  it('are the element’s @event lines', () => {
    sameLines(jsdocLines('event'), events.map(([name, event]) => `@event ${name} - ${capitalised(event.when)}. \`${event.detail}\``), 'the @event lines of tender-checkout.ts');
  });

  it('are the events table of docs/widget.md', () => {
    const expected = events.map(([name, event]) => `| \`${name}\` | ${event.when} | \`${event.detail}\`${'note' in event ? ` — ${event.note}` : ''} |`);
    sameLines(tableRows(widgetDoc, '| event | when |'), expected, 'the events table of docs/widget.md');
  });
});

describe('element properties', () => {
  /**
   * The element's properties with their attribute (null: property only) and doc comment: each
   * attribute-backed `declare name: …` field (its attribute from the PROPS table of props.ts) and each
   * property-only accessor (`get name()`).
   */
  const properties = [
    ...[...element.matchAll(/(\/\*\*(?:(?!\*\/)[^])*\*\/)?\n\s*declare (\w+):/g)].map(([, doc, name]) => ({
      name: name ?? '',
      attribute: new RegExp(`^  ${name}: \\['([\\w-]+)'`, 'm').exec(props)?.[1] ?? `(no PROPS row for ${name})`,
      doc: doc ?? '',
    })),
    ...[...element.matchAll(/(\/\*\*(?:(?!\*\/)[^])*\*\/)?\n\s*get (\w+)\(\)(?!: Promise)/g)].map(([, doc, name]) => ({ name: name ?? '', attribute: null, doc: doc ?? '' })),
  ];

  it('are found (the parse still works)', () => {
    assert.ok(properties.length >= 12, `found ${properties.map((property) => property.name).join(', ')}`);
  });

  it('each have a doc comment (the manifest’s description)', () => {
    assert.deepEqual(properties.filter((property) => !property.doc).map((property) => property.name), []);
  });

  it('are the attribute table of docs/widget.md, plus confirm()', () => {
    const documented = tableRows(widgetDoc, '| attribute / property | meaning |')
      .flatMap((row) => [...(row.split(' | ')[0] ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? ''));
    const expected = [...properties.map((property) => property.attribute ?? property.name), 'confirm()'];
    assert.deepEqual([...documented].sort(), [...expected].sort());
  });
});

describe('the host element’s own texts', () => {
  it('are the English catalogue’s (shown when neither the frame nor the catalogues load)', async () => {
    const { FALLBACK_TEXT } = await import('../../src/elements/tender-checkout/host-status.js');
    const { en } = await import('../../src/i18n/en.js');
    for (const [key, text] of Object.entries(FALLBACK_TEXT)) assert.equal(text, en[key as keyof typeof en], key);
  });
});
