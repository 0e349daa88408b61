#!/usr/bin/env node
// npm run api:types (root or -w frontend): one command for both steps. Re-exports backend/openapi.json from
// the backend's controllers (`npm run openapi -w backend`, no service touched), then writes
// src/api/schema.d.ts from it through openapi-typescript's Node API. `--from-file` skips the export and
// only regenerates the types from the committed document.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateApiTypes } from './generate-api-types.mjs';

const frontendDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(frontendDir, '..');
const openapiPath = resolve(repoRoot, 'backend', 'openapi.json');
const outputPath = resolve(frontendDir, 'src', 'api', 'schema.d.ts');
const fromFile = process.argv.includes('--from-file');

if (!fromFile || !existsSync(openapiPath)) {
  console.log(`Exporting ${relative(repoRoot, openapiPath)}: running \`npm run openapi -w backend\``);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'openapi', '-w', 'backend'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(openapiPath)) {
    console.error(`Could not produce ${relative(repoRoot, openapiPath)} (npm run openapi -w backend exited ${result.status}).`);
    process.exit(1);
  }
}

const json = await readFile(openapiPath, 'utf8');
const types = await generateApiTypes(json);
const previous = existsSync(outputPath) ? await readFile(outputPath, 'utf8') : null;
if (previous === types) {
  console.log(`${relative(repoRoot, outputPath)} is up to date.`);
} else {
  await writeFile(outputPath, types);
  console.log(`Wrote ${relative(repoRoot, outputPath)} from ${relative(repoRoot, openapiPath)}.`);
}
