// Runs pieces of the built backend (backend/dist, the code `npm start` runs) for the `essays` benchmark, in a
// process of its own started with the API's Node flags (scripts/lib/node-flags.mjs):
//   count <words> <runs>  documentText + countWords of a generated <words>-word PDF and DOCX, <runs> times each;
//                         prints one JSON line { pdf: { bytes, counts, ms }, docx: { … } }.
//   schedule              builds the app's config from the environment and its EssayTimers over a JobQueue, prints
//                         "ready", then for each JSON line [{ id, acceptedAt (ms) }] read from stdin schedules each
//                         essay's discussion expiry with EssayTimers.scheduleDiscussionExpiry (the job, id, queue,
//                         delay and default options are the app's own) and prints one JSON line { scheduled, ms };
//                         exits when stdin ends.
import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../lib/env.mjs';
import { docxOf, essayWords, pdfOf } from './essay-documents.mjs';

/** @param {string} path a file of backend/dist @returns {Promise<any>} */
const backend = (path) => import(pathToFileURL(join(ROOT, 'backend', 'dist', path)).href);

/** @param {number} words @param {number} runs */
async function count(words, runs) {
  const { documentText } = await backend('modules/essays/word-count/document-text.js');
  const { countWords } = await backend('modules/essays/word-count/count-words.js');
  const { detectFileType, SNIFF_BYTES } = await backend('common/uploads/file-types.js');
  const text = essayWords(words);
  /** @type {Record<string, { bytes: number, mime: string, counts: number[], ms: number[] }>} */
  const out = {};
  for (const [kind, bytes] of /** @type {[string, Buffer][]} */ ([['pdf', await pdfOf(text)], ['docx', await docxOf(text)]])) {
    // The type as the upload helper detects it from the bytes, as the server hands it to documentText.
    const { mime } = await detectFileType(bytes.subarray(0, SNIFF_BYTES));
    /** @type {{ bytes: number, mime: string, counts: number[], ms: number[] }} */
    const entry = { bytes: bytes.length, mime, counts: [], ms: [] };
    out[kind] = entry;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const counted = countWords((await documentText(bytes, mime)) ?? '');
      entry.ms.push(Number((performance.now() - started).toFixed(2)));
      entry.counts.push(counted);
    }
  }
  console.log(JSON.stringify(out));
}

async function schedule() {
  const { loadConfig } = await backend('config/env.schema.js');
  const { JobQueue } = await backend('infra/queue/job-queue.service.js');
  const { Clock } = await backend('infra/clock/clock.service.js');
  const { EssayTimers } = await backend('modules/essays/essay-timers.service.js');
  // The essays' jobs and their queue are registered by the module's jobs file (defineJobs), before the queues exist.
  await backend('modules/essays/essays.jobs.js');
  const config = loadConfig(process.env);
  const jobs = new JobQueue(config);
  // Scheduling uses only the queue, the clock and the config; the other collaborators serve the transitions.
  const timers = new EssayTimers(undefined, jobs, undefined, new Clock(), config);
  await jobs.queue('essays').waitUntilReady();
  console.log('ready');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    /** @type {{ id: string, acceptedAt: number }[]} */
    const essays = JSON.parse(line);
    const started = performance.now();
    // 50 at a time: the app schedules one per accept; the order of arrival in Redis does not matter (delayed jobs).
    for (let i = 0; i < essays.length; i += 50) {
      await Promise.all(essays.slice(i, i + 50).map((e) => timers.scheduleDiscussionExpiry(e.id, new Date(e.acceptedAt))));
    }
    console.log(JSON.stringify({ scheduled: essays.length, ms: Math.round(performance.now() - started) }));
  }
  await jobs.onApplicationShutdown();
}

const [command, ...args] = process.argv.slice(2);
const done = command === 'count' ? count(Number(args[0]), Number(args[1])) : command === 'schedule' ? schedule() : Promise.reject(new Error(`unknown command "${command}"`));
done.then(
  () => process.exit(0),
  (err) => {
    console.error(err.stack ?? err.message);
    process.exit(1);
  },
);
