#!/usr/bin/env node
// npm run api:types -w frontend
// Reads backend/openapi.json (written by `npm run openapi -w backend`; run here when missing, or
// always with --refresh) and writes src/api/schema.d.ts through openapi-typescript's Node API.
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
const refresh = process.argv.includes('--refresh');

if (refresh || !existsSync(openapiPath)) {
  console.log(`${refresh ? 'Refreshing' : 'Missing'} ${relative(repoRoot, openapiPath)}: running \`npm run openapi -w backend\``);
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
