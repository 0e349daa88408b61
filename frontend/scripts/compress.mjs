import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.gz` and `<file>.br` (maximum compression) beside one file.
 * @param {string} file
 */
export function writeCompressedTwinsOf(file) {
  const body = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/**
 * Writes the twins of every text asset over 1 KB under `dir` (smaller ones are not worth a second request path).
 * @param {string} dir
 */
export function writeCompressedTwins(dir) {
  /** @type {(d: string) => string[]} */
  const walk = (d) => readdirSync(d).flatMap((name) => (statSync(join(d, name)).isDirectory() ? walk(join(d, name)) : [join(d, name)]));
  for (const file of walk(dir)) {
    if (TEXT_ASSET.test(file) && statSync(file).size >= 1024) writeCompressedTwinsOf(file);
  }
}
