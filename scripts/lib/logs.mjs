// The backend always writes pino's JSON lines (one cheap write per line, what production ships to a log
// collector). `npm start` and `npm run dev` render them readably when a person is watching: on a terminal and
// outside production. Rendering happens here, in the script's process, so the API spends nothing on it.
import { Transform } from 'node:stream';

/**
 * Whether the scripts render the backend's log lines for a person.
 * @param {{ isTTY?: boolean, nodeEnv?: string }} where
 */
export function wantsPrettyLogs({ isTTY, nodeEnv }) {
  return Boolean(isTTY) && nodeEnv !== 'production';
}

/**
 * A function from one pino JSON line to readable text (ending in a newline): time, level, message and the
 * other fields on one line. A line that is not pino's JSON (a crash before the logger exists, the seed's
 * credentials) comes back unchanged. Null when pino-pretty is not installed (a production install).
 * @param {{ colorize?: boolean }} [options]
 * @returns {Promise<((line: string) => string) | null>}
 */
export async function prettyLogLine({ colorize = false } = {}) {
  const mod = await import('pino-pretty').catch(() => null);
  if (!mod) return null;
  return mod.prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // Nest's own lines carry the class that logged them: shown as a prefix, as Nest's console logger does.
    messageFormat: '{if context}[{context}] {end}{msg}',
    ignore: 'pid,hostname,service,context',
  });
}

/**
 * A stream that renders each line written to it with `format` (see prettyLogLine).
 * @param {(line: string) => string} format
 */
export function lineTransform(format) {
  let rest = '';
  return new Transform({
    decodeStrings: false,
    transform(chunk, _encoding, done) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      done(null, lines.map((line) => format(line)).join(''));
    },
    flush(done) {
      done(null, rest ? format(rest) : '');
    },
  });
}
