// Scenario `chat-masking`: what masking costs per chat message. Every message sent over the socket
// or the essay discussion goes through maskContactDetails (backend/src/common/security/contact-masking.ts) before it is
// stored: the normalised view (contact-view.ts) and the detectors. A micro-benchmark in this process on the built
// backend, no services: four kinds of message, each timed over a fixed number of calls after a warm-up, median of
// BENCH_ROUNDS (default 5) rounds. Goal: an ordinary message under 20 µs, a message of the maximum length (2,000
// characters) under 1 ms (the send path's queries take milliseconds).
// BENCH_MASKING_MODULE: another build of contact-masking.js to time instead. BENCH_MASKING_BASELINE: a second one timed
// beside it in the same process, rounds interleaved (on a shared machine, the only fair comparison).
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, loadEnv } from '../../lib/env.mjs';
import { buildIfStale } from '../../lib/build.mjs';
import { machine, markdownTable, median, textTable, writeResult } from '../lib.mjs';

export const name = 'chat-masking';
export const description = 'masking cost per chat message (normalised view + contact detectors), micro-benchmark';

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 5));
const GOAL = { ordinaryUs: 20, maxLengthUs: 1000 };

const ORDINARY = [
  'Section 2.1 needs a clearer topic sentence',
  'Look at pages 10-12 and 14-16 again, the word count is 2,000 including references',
  'Figure 3.4 is not referenced in the text; see p. 45 and Smith et al. (2019)',
  'It costs £12.50, that paragraph is 35% of the essay, e.g. the whole of section 4',
  'Thanks! I will upload the 2nd draft tonight and we can talk about it at 16:30 on 12 Dec.',
  'Hi, could you look again at my conclusion? I think the argument about the 1832 Reform Act is weak.',
];
const UNICODE = [
  'Café culture in 1920s Paris — see the “Lost Generation” chapter, p. 12 🙂',
  'Naïve reading of Brontë’s novel: pages 10–12 need work ✍️',
  'Grüße! The Schrödinger section is 1,200 words, ±10 %',
];
const EVASIONS = [
  'zero seven seven zero zero nine zero zero one two three',
  'j o h n @ g m a i l . c o m',
  'add me on snap john_smith99',
  'call me on ０７７００ ９００１２３',
  'example dot co dot uk slash me',
  `sam\u200b@\u200boutlook\u200b.com`,
];
const MAX_LENGTH = (() => {
  const words = 'The argument in section 2.1 depends on the evidence from pages 10-12, word count 2,000, £12.50, 35% e.g. Smith et al. (2019). ';
  let text = '';
  while (text.length < 2000) text += words;
  return text.slice(0, 2000);
})();

/**
 * µs per call of each function over `messages`, median of the rounds; the functions take turns in every round, so
 * a busy spell on the machine falls on all of them alike.
 * @param {((text: string) => unknown)[]} fns @param {string[]} messages @param {number} calls
 */
function time(fns, messages, calls) {
  for (const fn of fns) for (let i = 0; i < Math.min(calls, 2000); i += 1) fn(messages[i % messages.length]);
  /** @type {number[][]} */
  const rounds = fns.map(() => []);
  for (let r = 0; r < ROUNDS; r += 1) {
    fns.forEach((fn, f) => {
      const start = performance.now();
      for (let i = 0; i < calls; i += 1) fn(messages[i % messages.length]);
      rounds[f].push(((performance.now() - start) * 1000) / calls);
    });
  }
  return rounds.map(median);
}

/** @param {import('../lib.mjs').ScenarioContext} context */
export async function run({ log, command }) {
  let modulePath = process.env.BENCH_MASKING_MODULE ? resolve(process.env.BENCH_MASKING_MODULE) : join(ROOT, 'backend', 'dist', 'common', 'security', 'contact-masking.js');
  if (!process.env.BENCH_MASKING_MODULE) {
    const { childEnv } = loadEnv();
    await buildIfStale(['backend'], { env: childEnv, log });
  }
  const { maskContactDetails } = await import(pathToFileURL(modulePath).href);
  const baselinePath = process.env.BENCH_MASKING_BASELINE ? resolve(process.env.BENCH_MASKING_BASELINE) : null;
  const fns = [maskContactDetails];
  if (baselinePath) fns.push((await import(pathToFileURL(baselinePath).href)).maskContactDetails);
  const kinds = [
    { kind: 'ordinary (ASCII essay talk)', messages: ORDINARY, calls: 20000 },
    { kind: 'ordinary with non-ASCII (accents, dashes, emoji)', messages: UNICODE, calls: 20000 },
    { kind: 'evasion (masked and flagged)', messages: EVASIONS, calls: 20000 },
    { kind: 'maximum length (2,000 characters, ordinary)', messages: [MAX_LENGTH], calls: 1000 },
  ];
  const results = kinds.map(({ kind, messages, calls }) => {
    const [us, baseline] = time(fns, messages, calls);
    log(`${kind}: ${us.toFixed(2)} µs per message${baseline === undefined ? '' : ` (baseline ${baseline.toFixed(2)})`}`);
    return { kind, messages: messages.length, calls, usPerMessage: Number(us.toFixed(2)), ...(baseline === undefined ? {} : { baselineUsPerMessage: Number(baseline.toFixed(2)) }) };
  });
  const ordinary = Math.max(results[0].usPerMessage, results[1].usPerMessage);
  const ok = ordinary < GOAL.ordinaryUs && results[3].usPerMessage < GOAL.maxLengthUs;
  const header = ['message', 'µs per message (median of rounds)', ...(baselinePath ? ['baseline'] : [])];
  const rows = [header, ...results.map((r) => [r.kind, r.usPerMessage.toFixed(2), ...(baselinePath ? [String(r.baselineUsPerMessage?.toFixed(2))] : [])])];
  console.log(`\n${textTable(rows)}\n\n${markdownTable(rows)}`);
  log(`goal (ordinary < ${GOAL.ordinaryUs} µs, 2,000 characters < ${GOAL.maxLengthUs} µs): ${ok ? 'met' : 'NOT met'}`);
  const path = writeResult(name, { command, machine: machine(), module: modulePath, baseline: baselinePath, rounds: ROUNDS, goal: GOAL, results, ok });
  log(`results: ${path}`);
  return { ok };
}
