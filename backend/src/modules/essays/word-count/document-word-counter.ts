import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { CountAnswer, CountRequest } from './count-worker.js';
import { UnreadableDocumentError } from './document-text.js';

export interface DocumentWordCounterOptions {
  /** A count that has not answered by then is abandoned (the worker is ended) and the document is unreadable. */
  timeoutMs?: number;
  /** The worker is replaced once it has counted this many bytes, so pdf.js's heap is given back. */
  recycleAfterBytes?: number;
}

/**
 * 8 MiB: a large document gets a fresh worker after it, small ones share one. A worker that has parsed a 10 MB PDF
 * holds pdf.js's garbage until it is ended; kept for the next large one it took the ten-PDF upload batch to
 * +59–65 MiB against +25–35 with a worker per large document, while a worker per document of any size would
 * cost ~130 ms and ~170 ms of CPU per small PDF for loading pdf.js again (docs/benchmarks.md, essays).
 */
const DEFAULTS = { timeoutMs: 30_000, recycleAfterBytes: 8 * 1024 * 1024 } satisfies Required<DocumentWordCounterOptions>;

/** A document as the counter read it: its word count and its opening (the pool card's preview). */
export interface DocumentReading {
  words: number;
  opening: string;
}

interface Job {
  mime: string;
  bytes: ArrayBuffer;
  resolve: (reading: DocumentReading) => void;
  reject: (error: unknown) => void;
}

/**
 * Counts the words of PDF, DOCX and DOC files in one worker thread (count-worker.ts: documentText + countWords,
 * the same rules as everywhere), one document at a time, in the order asked. The bytes are transferred, not
 * copied. The worker is started on the first count, replaced after it has counted `recycleAfterBytes` (pdf.js keeps
 * a large heap once it has parsed a big file) and ended when a count takes longer than `timeoutMs`; a worker that
 * dies or times out answers UnreadableDocumentError for its document, as a damaged file does.
 */
export class DocumentWordCounter {
  private readonly options: Required<DocumentWordCounterOptions>;
  private readonly queue: Job[] = [];
  private worker: Worker | undefined;
  private counted = 0;
  private nextId = 1;
  private running: { id: number; job: Job; timer: NodeJS.Timeout } | undefined;

  constructor(options: DocumentWordCounterOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** The document's word count; `bytes` is transferred to the worker (detached here). */
  async count(bytes: ArrayBuffer, mime: string): Promise<number> {
    return (await this.read(bytes, mime)).words;
  }

  /** The document's word count and opening lines; `bytes` is transferred to the worker (detached here). */
  read(bytes: ArrayBuffer, mime: string): Promise<DocumentReading> {
    return new Promise<DocumentReading>((resolve, reject) => {
      this.queue.push({ mime, bytes, resolve, reject });
      this.next();
    });
  }

  /** Nest's shutdown hook (EssaysModule provides the counter). */
  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Ends the worker (at shutdown); counts still queued are refused. */
  async close(): Promise<void> {
    for (const job of this.queue.splice(0)) job.reject(new Error('the word counter was closed'));
    this.settle()?.reject(new Error('the word counter was closed'));
    await this.stopWorker();
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return;
    const worker = this.startedWorker();
    const id = this.nextId++;
    const timer = setTimeout(() => {
      if (this.running?.id !== id) return;
      this.settle()!.reject(new UnreadableDocumentError(job.mime, new Error(`counting took longer than ${this.options.timeoutMs} ms`)));
      void this.stopWorker().then(() => this.next());
    }, this.options.timeoutMs);
    this.running = { id, job, timer };
    this.counted += job.bytes.byteLength;
    const request: CountRequest = { id, mime: job.mime, bytes: job.bytes };
    worker.postMessage(request, [job.bytes]);
    // Only a count in progress keeps the process alive.
    worker.ref();
  }

  private startedWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(...workerScript());
    worker.on('message', (answer: CountAnswer) => {
      if (this.running?.id !== answer.id) return;
      const job = this.settle()!;
      if ('words' in answer) job.resolve({ words: answer.words, opening: answer.opening });
      else if ('unreadable' in answer) job.reject(new UnreadableDocumentError(job.mime, new Error(answer.unreadable)));
      else job.reject(new Error(`the word count worker failed: ${answer.failed}`));
      if (this.counted >= this.options.recycleAfterBytes) void this.stopWorker().then(() => this.next());
      else this.next();
    });
    // A worker that dies (out of memory, a crash in a parser) fails the count it had; the next count starts another.
    const gone = (cause: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.counted = 0;
      const job = this.settle();
      job?.reject(new UnreadableDocumentError(job.mime, cause));
      this.next();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the word count worker exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    this.counted = 0;
    return worker;
  }

  /** Clears the running count and returns its job (undefined when none ran). */
  private settle(): Job | undefined {
    const running = this.running;
    if (!running) return undefined;
    clearTimeout(running.timer);
    this.running = undefined;
    this.worker?.unref();
    return running.job;
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.counted = 0;
    if (worker) await worker.terminate();
  }
}

/**
 * The worker's script: the built `count-worker.js` beside this file (backend/dist, what `npm start` runs), or under
 * the tests, which run the TypeScript sources, `count-worker.ts` compiled on load by @swc-node/register (as
 * `npm run dev` runs the API).
 */
function workerScript(): [URL, WorkerOptions] {
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './count-worker.ts' : './count-worker.js', import.meta.url);
  if (!fromSource) return [script, {}];
  const register = '@swc-node/register/esm-register';
  // `npm run dev` already runs the API with it; jest does not.
  const registered = process.execArgv.some((arg) => arg.includes(register));
  return [script, { execArgv: registered ? process.execArgv : [...process.execArgv, '--import', register] }];
}
