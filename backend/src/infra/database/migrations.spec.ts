// The committed migrations must describe the Drizzle schema: a schema change without `npm run db:generate`
// would pass every test on a database that `drizzle-kit push` or an old run shaped, and break on a fresh one.
// drizzle-kit generate compares the schema with the last snapshot in backend/drizzle/meta; here it writes into a
// temporary copy of that folder, so a new file there means the schema moved on without a migration.
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const BACKEND = fileURLToPath(new URL('../../../', import.meta.url));
const MIGRATIONS = join(BACKEND, 'drizzle');
const SCHEMA = join(BACKEND, 'src', 'infra', 'database', 'schema');
const require = createRequire(import.meta.url);
const DRIZZLE_KIT = join(dirname(require.resolve('drizzle-kit')), 'bin.cjs');
const NODE_MODULES = dirname(dirname(require.resolve('drizzle-orm')));
const TIMEOUT_MS = 90_000;

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Files of `dir`, relative to it, with their contents. */
function tree(dir: string): Map<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return new Map(files.map((e) => [relative(dir, join(e.parentPath, e.name)), readFileSync(join(e.parentPath, e.name), 'utf8')]));
}

/**
 * Runs `drizzle-kit generate` for the schema at `schemaIndex` against a copy of backend/drizzle/. Resolves null when
 * the migrations already describe that schema, else what differs (the files it would add, or its own words).
 */
function drift(schemaIndex: string): string | null {
  const out = join(mkdtempSync(join(tmpdir(), 'redpen-drift-')), 'drizzle');
  temps.push(dirname(out));
  cpSync(MIGRATIONS, out, { recursive: true });
  // drizzle-kit joins `--out` to "./", so both paths are given relative to the working directory.
  const args = ['generate', '--dialect', 'postgresql', '--schema', relative(BACKEND, schemaIndex), '--out', relative(BACKEND, out), '--name', 'drift_check'];
  const run = spawnSync(process.execPath, [DRIZZLE_KIT, ...args], { cwd: BACKEND, encoding: 'utf8', timeout: TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = `${run.stdout}${run.stderr}`.replace(/^\s+at .*\n/gm, '');
  const before = tree(MIGRATIONS);
  const changed = [...tree(out)].filter(([file, text]) => before.get(file) !== text).map(([file]) => file);
  // Only this sentence means "in sync". A rename makes drizzle-kit ask "created or renamed?", which it cannot do
  // without a terminal: it prints an error and still exits 0, so its exit code alone would let a rename through.
  if (run.status === 0 && changed.length === 0 && output.includes('No schema changes, nothing to migrate')) return null;
  return `drizzle-kit generate would change backend/drizzle/: ${changed.join(', ') || '(no files)'}; exit ${run.status ?? run.error?.message}\n${output}`;
}

describe('database migrations', () => {
  it('describe the Drizzle schema exactly (after a schema change: npm run db:generate -w backend -- --name <verb_noun>)', () => {
    expect(drift(join(SCHEMA, 'index.ts'))).toBeNull();
  }, TIMEOUT_MS);

  // The check above can fail: the same check on a changed copy of the schema. The tables live in the modules
  // (each module's *.schema.ts, gathered by infra/database/schema/index.ts), so the copy is of the whole src/.
  function changedSchema(edit: (usersTs: string) => string): string {
    const copy = mkdtempSync(join(tmpdir(), 'redpen-drift-schema-'));
    temps.push(copy);
    cpSync(join(BACKEND, 'src'), join(copy, 'src'), { recursive: true });
    symlinkSync(NODE_MODULES, join(copy, 'node_modules'), 'dir'); // the copy lives outside the backend
    const usersTs = join(copy, 'src', 'modules', 'users', 'users.schema.ts');
    writeFileSync(usersTs, edit(readFileSync(usersTs, 'utf8')));
    return join(copy, 'src', 'infra', 'database', 'schema', 'index.ts');
  }

  it('are found wanting when a table is added without a migration', () => {
    const schema = changedSchema((ts) => `${ts}\nexport const driftProbe = pgTable('drift_probe', { id: uuid('id').primaryKey() });\n`);
    expect(drift(schema)).toMatch(/_drift_check\.sql/);
  }, TIMEOUT_MS);

  it('are found wanting when a column is renamed without a migration (drizzle-kit would ask)', () => {
    const schema = changedSchema((ts) => ts.replace("text('phone')", "text('phone_number')"));
    expect(drift(schema)).toMatch(/TTY|renamed/);
  }, TIMEOUT_MS);
});
