// Turns the backend's OpenAPI document into `src/api/schema.d.ts` text.
// Shared by `npm run api:types` (scripts/api-types.mjs) and the staleness test
// (src/api/schema.stale.test.ts), so both produce byte-identical output.
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/** Options fixed here so the committed file and the test agree. */
export const OPENAPI_TS_OPTIONS = Object.freeze({
  // `paths['/api/…']['get']['responses'][200]['content']['application/json']` etc.
  alphabetize: true,
  exportType: false,
  rootTypes: false,
});

/**
 * @param {object | string} openapiJson the OpenAPI document, parsed or as JSON text
 * @returns {Promise<string>} the TypeScript declarations
 */
export async function generateApiTypes(openapiJson) {
  const document = typeof openapiJson === 'string' ? JSON.parse(openapiJson) : structuredClone(openapiJson);
  const ast = await openapiTS(document, { ...OPENAPI_TS_OPTIONS, silent: true });
  const body = astToString(ast);
  return `${COMMENT_HEADER.trimEnd()}\n// Regenerate with \`npm run api:types\` (reads backend/openapi.json).\n\n${body.trimEnd()}\n`;
}
