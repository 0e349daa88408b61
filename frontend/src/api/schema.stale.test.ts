// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateApiTypes } from '../../scripts/generate-api-types.mjs';

const openapiPath = fileURLToPath(new URL('../../../backend/openapi.json', import.meta.url));
const schemaPath = fileURLToPath(new URL('./schema.d.ts', import.meta.url));

describe('generated API types', () => {
  it('src/api/schema.d.ts matches backend/openapi.json', async () => {
    expect(
      existsSync(openapiPath),
      'backend/openapi.json is missing: run `npm run api:types` (it exports the document, then the types) and commit both files',
    ).toBe(true);
    expect(existsSync(schemaPath), 'src/api/schema.d.ts is missing: run `npm run api:types`').toBe(true);

    const expected = await generateApiTypes(readFileSync(openapiPath, 'utf8'));
    const committed = readFileSync(schemaPath, 'utf8');
    // Compare as booleans first so the failure message says what to do, not 2 000 lines of diff.
    expect(
      committed === expected,
      'src/api/schema.d.ts is stale: run `npm run api:types` (it re-exports backend/openapi.json, then the types) and commit both files',
    ).toBe(true);
  }, 30_000);
});
