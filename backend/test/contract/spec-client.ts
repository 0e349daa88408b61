// The contract suite's client: what a client written from the spec alone would send and expect. Each
// response is checked against the keys and JSON types the spec names, so a renamed key,
// a pence amount where the spec says pounds, or a refused spec value is a red test here, not a discovery later.
import { expect } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { bearer, type TestAccount } from '../support/accounts.js';

/**
 * A JSON type as the contract names it. `pounds`: a number with at most two decimals (18.15, never 1815 for
 * £18.15: the twin says which); `pence`: an integer. A trailing `?` allows null.
 */
export type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'pounds' | 'pence' | 'iso';
export type Shape = Readonly<Record<string, Kind | `${Kind}?`>>;

const isPounds = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && /^-?\d+(\.\d{1,2})?$/.test(JSON.stringify(v));

function matches(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer':
    case 'pence':
      return Number.isSafeInteger(value);
    case 'pounds':
      return isPounds(value);
    case 'iso':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) && /^\d{4}-\d{2}-\d{2}T/.test(value);
    default:
      return typeof value === kind;
  }
}

/** Every key of `shape` is present in `body` with its type; the report names each key that is not. */
export function expectShape(body: unknown, shape: Shape): void {
  const object = (body ?? {}) as Record<string, unknown>;
  const wrong = Object.entries(shape).flatMap(([key, spec]) => {
    const nullable = spec.endsWith('?');
    const kind = spec.replace(/\?$/, '') as Kind;
    const value = object[key];
    if (!(key in object)) return [`${key}: missing`];
    if (value === null) return nullable ? [] : [`${key}: null, expected ${kind}`];
    return matches(kind, value) ? [] : [`${key}: ${JSON.stringify(value)} is not ${kind}`];
  });
  expect(wrong).toEqual([]);
}

/**
 * Money on the wire (docs/decisions.md "Pence everywhere, pounds on the wire"): pounds, each amount with its exact
 * integer twin. `field`
 * is pounds with at most two decimals and `${field}Pence` the same amount in integer pence.
 */
export function expectMoney(body: unknown, field: string, pence?: number): void {
  const object = body as Record<string, unknown>;
  expectShape(object, { [field]: 'pounds', [`${field}Pence`]: 'pence' });
  expect(object[field]).toBe((object[`${field}Pence`] as number) / 100);
  if (pence !== undefined) expect(object[`${field}Pence`]).toBe(pence);
}

/** The spec's essay (the tutor's view): the keys both documents name. */
export const ESSAY_SHAPE: Shape = {
  _id: 'string',
  title: 'string',
  subject: 'string',
  academicLevel: 'string',
  qualification: 'string',
  wordCount: 'integer',
  originalWordCount: 'integer',
  price: 'pounds',
  studentRequest: 'string',
  requestType: 'string',
  notes: 'string?',
  comments: 'string?',
  status: 'string',
  accepted: 'boolean',
  paymentStatus: 'string',
  paid_time: 'iso?',
  student_accept: 'boolean',
  tutor_paid: 'boolean',
  fileUrl: 'string?',
  markingScheme: 'string?',
  modelURL: 'string?',
  score: 'integer?',
  feedback: 'string?',
  acceptedAt: 'iso?',
  createdAt: 'iso',
  updatedAt: 'iso',
  rated: 'boolean',
  studentRating: 'object?',
};

/** A payment as the admin screens read it. */
export const PAYMENT_SHAPE: Shape = {
  _id: 'string',
  description: 'string',
  type: 'string',
  amount: 'pounds',
  currency: 'string',
  status: 'string',
  stripeSessionId: 'string?',
  paymentMethod: 'string',
  payer: 'object',
  recipient: 'object',
  platformCommission: 'pounds',
  tutorEarnings: 'pounds',
  essay: 'object?',
  paidAt: 'iso?',
  createdAt: 'iso',
  metadata: 'object',
  adminNotes: 'string?',
  payerType: 'string',
  recipientType: 'string',
};

/** A documented call or rule, quoted in a test's name: `spec('Tutor-side prices are in pounds')`. */
export const spec = (words: string) => `"${words}"`;

/** `n` words a PDF's text layer reads back as `n`. */
export async function pdfOfWords(n: number): Promise<Buffer> {
  const vocabulary = ['argument', 'evidence', 'Shakespeare', 'analysis', 'however', 'therefore', 'history', 'essay'];
  const words = Array.from({ length: n }, (_, i) => vocabulary[i % vocabulary.length]);
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  let page = pdf.addPage([595, 842]);
  let y = 800;
  for (let i = 0; i < words.length; i += 8) {
    if (y < 60) {
      page = pdf.addPage([595, 842]);
      y = 800;
    }
    page.drawText(words.slice(i, i + 8).join(' '), { x: 50, y, size: 11, font });
    y -= 16;
  }
  return Buffer.from(await pdf.save());
}

/** Feedback of the spec's minimum length (at least 250 characters). */
export const FEEDBACK_250 = 'A clear and well-structured essay. '.repeat(8).trim();

export interface UploadFields {
  title?: string;
  subject?: string;
  academicLevel?: string;
  [field: string]: string | undefined;
}

/** The spec's client, over supertest: JSON calls with the bearer token, multipart uploads as the documented calls list them. */
export class SpecClient {
  constructor(private readonly app: NestFastifyApplication) {}

  private http() {
    return request(this.app.getHttpServer());
  }

  get(path: string, as?: TestAccount) {
    const req = this.http().get(`/api${path}`);
    return as ? req.set(bearer(as.token)) : req;
  }

  post(path: string, as: TestAccount | undefined, body: object = {}) {
    const req = this.http().post(`/api${path}`);
    return (as ? req.set(bearer(as.token)) : req).send(body);
  }

  put(path: string, as: TestAccount, body: object = {}) {
    return this.http().put(`/api${path}`).set(bearer(as.token)).send(body);
  }

  /** `POST /student/uploadEssay` (multipart: essay file, title, subject, academicLevel, notes …). */
  upload(as: TestAccount, fields: UploadFields, file: { bytes: Buffer; name: string }) {
    let req = this.http().post('/api/student/uploadEssay').set(bearer(as.token));
    const all = { title: 'The causes of the First World War', subject: 'History', academicLevel: 'A-Level', ...fields };
    for (const [name, value] of Object.entries(all)) if (value !== undefined) req = req.field(name, value);
    return req.attach('file', file.bytes, file.name);
  }

  /** `POST /tutor/markEssay` (multipart: essayID, score, feedback, optional modelAnswerFile). */
  mark(as: TestAccount, fields: { essayID: string; score: string; feedback: string }) {
    let req = this.http().post('/api/tutor/markEssay').set(bearer(as.token));
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return req;
  }

  /** The local gateway's checkout page, paid as a student would press Pay; answers the `session_id` of the return URL. */
  async payAtLocalCheckout(paymentUrl: string): Promise<string> {
    const path = new URL(paymentUrl).pathname;
    const paid = await this.http().post(path).type('form').send({ action: 'pay' });
    expect(paid.status).toBe(303);
    return new URL(paid.headers.location as string).searchParams.get('session_id')!;
  }
}
