// The repository stands alone: no comment, test name or doc under backend/, frontend/, shared/ or scripts/ cites a
// document a person who clones it does not have (a design document by its file name or section, numbered parts
// and sections of the product brief) or a tracker's issue number. State the rule where it is used, or cite docs/
// (docs/architecture.md, docs/decisions.md by heading); history belongs in git.
// Run by `npm test` (step "scripts"); on its own: node --test scripts/doc-references.test.mjs
// The patterns are built from pieces so this file does not cite what it forbids.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './lib/env.mjs';

const DIRS = ['backend', 'frontend', 'shared', 'scripts'];
const SECTION = '\u00a7';
const DESIGN_FILE = ['DESIGN', 'md'].join('\\.');
// Files whose text is not prose a person wrote (images, fonts, documents used as fixtures).
const BINARY = /\.(png|jpe?g|gif|webp|ico|pdf|docx?|woff2?|ttf|otf|zip|gz)$/i;

/** @type {ReadonlyArray<{ name: string, re: RegExp }>} */
export const PATTERNS = [
  { name: 'a design document by its file name', re: new RegExp(`\\b${DESIGN_FILE}\\b`, 'i') },
  { name: 'a design document by its common name', re: new RegExp('\\bthe ' + 'design\\b(?!\\s+system)', 'i') },
  { name: 'a numbered part of the product brief', re: new RegExp('\\bspec(?:ification)?\\s+' + 'part\\s*\\d', 'i') },
  { name: 'a part and section', re: new RegExp('\\bpart\\s*\\d+\\s*' + SECTION, 'i') },
  // A standard's section (RFC 9110 \u00a712.5.3) is public and stays.
  { name: 'a numbered section', re: new RegExp('(?<!\\bRFC\\s*\\d+\\s*)' + SECTION + '\\s*\\d', 'i') },
  { name: 'an issue number', re: new RegExp('\\biss' + 'ues?\\s*#?\\d+\\b', 'i') },
];

/** The names of the patterns `line` matches. @param {string} line */
export const citations = (line) => PATTERNS.filter((p) => p.re.test(line)).map((p) => p.name);

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...DIRS], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.split('\0').filter((f) => f && !BINARY.test(f) && !/(^|\/)(node_modules|dist)\//.test(f));
}

test('the patterns catch citations of outside documents and leave ordinary words alone', () => {
  const cited = [
    `// Tiers (${'spec'} part 1 ${SECTION}9):`,
    `/** The lifecycle (${'DESIGN'}.md ${SECTION}9). */`,
    `// "Become a Tutor" when there is no tutor profile (part 1 ${SECTION}4).`,
    `describe('upload (${SECTION}2)', () => {`,
    `// The surcharge is itemised (${'iss'}ue 30).`,
    `// ${'Iss'}ue 27 item 3, "Nobody reviews their own essay"`,
    `test('docker-compose.yml defines the services ${'the'} design names', () => {`,
    `// durations as ${'the'} Design states them`,
  ];
  for (const line of cited) assert.notDeepEqual(citations(line), [], `should be caught: ${line}`);
  const plain = [
    '// part of the spec\'s wording: the name a client written for the documented API sends',
    '// the spec\'s client sends `studentRequest`',
    '// The design system: Chakra\'s base config',
    '// issue a token, then issue them again',
    '// part 2 of the form, step 1 of 3',
    '// a tissue 30 layers thick',
    `// Accept-Encoding (RFC 9110 ${SECTION}12.5.3)`,
  ];
  for (const line of plain) assert.deepEqual(citations(line), [], `should not be caught: ${line}`);
});

test('no tracked file under backend/, frontend/, shared/ or scripts/ cites a document outside the repository', () => {
  /** @type {string[]} */
  const hits = [];
  for (const file of trackedFiles()) {
    let text;
    try {
      text = readFileSync(join(ROOT, file), 'utf8');
    } catch (err) {
      if (err.code === 'ENOENT') continue; // deleted in the working tree, not yet committed
      throw err;
    }
    if (text.includes('\0')) continue;
    text.split('\n').forEach((line, i) => {
      const names = citations(line);
      if (names.length) hits.push(`${file}:${i + 1}: ${names.join(', ')}: ${line.trim().slice(0, 160)}`);
    });
  }
  assert.deepEqual(hits, [], `state the rule where it is used, or cite docs/ (${hits.length} lines):\n${hits.join('\n')}`);
});
