// Upload rules the browser and the API share (both import it as `@redpen/shared/uploads`). Pure TypeScript with
// no imports.

/**
 * The longest an upload may take: the web client gives up on it after this long, and the API stops waiting for a
 * client's bytes after this long in all (common/uploads/client-pace.ts).
 */
export const UPLOAD_TIMEOUT_MS = 300_000;
