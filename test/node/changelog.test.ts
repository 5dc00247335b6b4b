// CHANGELOG.md follows Keep a Changelog with semantic versions, and names the package's version.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const changelog = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;
const SECTIONS = new Set(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']);

test('CHANGELOG.md: an Unreleased section first, then released versions, newest first, each semver with a date', () => {
  const headings = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((match) => ({ name: match[1] ?? '', date: match[2] }));
  assert.equal(headings[0]?.name, 'Unreleased');
  const released = headings.slice(1);
  for (const heading of released) {
    assert.match(heading.name, SEMVER, `version ${heading.name}`);
    assert.ok(heading.date, `${heading.name} has a release date`);
  }
  const dates = released.map((heading) => heading.date ?? '');
  assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
  assert.equal(changelog.match(/^## /gm)?.length, headings.length, 'every second-level heading is a version');
});

test('CHANGELOG.md: change types are those of Keep a Changelog', () => {
  const types = [...changelog.matchAll(/^### (.+)$/gm)].map((match) => match[1] ?? '');
  assert.ok(types.length > 0, 'no ### section');
  for (const type of types) assert.ok(SECTIONS.has(type), `### ${type}`);
});

test('CHANGELOG.md: the package version is released in it, or is the unreleased first release', () => {
  assert.ok(
    changelog.includes(`## [${version}] - `) || changelog.includes(`first release, to be published as ${version}`),
    `package.json version ${version}`,
  );
});
