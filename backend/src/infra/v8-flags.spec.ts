import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MODULE = fileURLToPath(new URL('./v8-flags.ts', import.meta.url));

/**
 * Keeps half a million object literals alive in a fresh node with a 1 MiB young generation, so many scavenges each
 * find all of them alive whatever the machine's timing, with V8's pretenuring decisions traced; answers the trace.
 */
function pretenuringTrace(preload: string[]): string {
  const workload = 'const kept = []; for (let i = 0; i < 5e5; i++) kept.push({ i });';
  const child = spawnSync(process.execPath, ['--max-semi-space-size=1', '--trace-pretenuring-statistics', ...preload, '-e', workload], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  expect(child.status).toBe(0);
  return child.stdout + child.stderr;
}

describe('v8-flags', () => {
  it('stops V8 from deciding to allocate a literal straight in the old generation', () => {
    // Without the module the same workload is tenured: the check below can fail.
    expect(pretenuringTrace([])).toMatch(/=> tenure/);
    expect(pretenuringTrace(['--import', MODULE])).not.toMatch(/=> tenure/);
  });

  it.each(['../main.ts', '../worker.ts'])('is the first module %s imports, ahead of any framework code', (entry) => {
    const source = readFileSync(fileURLToPath(new URL(entry, import.meta.url)), 'utf8');
    expect(/^import\s+(?:[^'"]*from\s+)?'([^']+)'/m.exec(source)?.[1]).toBe('./infra/v8-flags.js');
  });
});
