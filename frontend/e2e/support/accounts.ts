// Accounts made as a person makes them, for the journeys that need a fresh one: register, verify with the mailed
// code, and (for a tutor profile) submit the onboarding with its required files. Plain erasable TypeScript.
import assert from 'node:assert/strict';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { baseUrl, readLatestMail } from './index.ts';

export interface Session {
  token: string;
  user: { name: string; role?: string } & Record<string, unknown>;
}

async function postJson(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Registers `name` with `role` and verifies the email with the code the mail catcher received. */
export async function registerAndVerify(role: 'student' | 'tutor', name: string, email: string, password: string): Promise<Session> {
  const since = new Date(Date.now() - 2000);
  const registered = await postJson('/auth/register', { name, email, password, role, phone: '07700900123' });
  assert.equal(registered.status, 201, `register: ${JSON.stringify(registered.body)}`);
  const mail = await readLatestMail(email, { since, timeoutMs: 20_000 });
  const code = /verification code is:?\s*([A-Za-z0-9]{6})\b/i.exec(mail.text || mail.html.replace(/<[^>]+>/g, ' '))?.[1];
  assert.ok(code, 'the verification email carries a code');
  const verified = await postJson('/auth/verifyEmail', { email, emailVerificationCode: code });
  assert.equal(verified.status, 200, `verifyEmail: ${JSON.stringify(verified.body)}`);
  return verified.body as unknown as Session;
}

/** A 1 × 1 PNG (real magic bytes) and a one-page PDF: the onboarding's required files. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
async function onePagePdf(text: string): Promise<Blob> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return new Blob([Buffer.from(await pdf.save())], { type: 'application/pdf' });
}

/**
 * The tutor onboarding (`POST /tutor/update-info`), British/Irish with a passport and a DBS certificate on file: the
 * application then waits for an admin. Answers the new session (a student keeps their role, with a tutor profile added).
 */
export async function submitTutorOnboarding(session: Session): Promise<Session> {
  const form = new FormData();
  const [y, m, d] = new Date().toISOString().slice(0, 10).split('-');
  const fields: Record<string, string> = {
    motivation: 'I love helping students write better essays.',
    university: 'University College London',
    course: 'History',
    dateOfBirth: `${Number(y) - 22}-${m}-${m === '02' && d === '29' ? '28' : d}`,
    aLevelsCompletionDate: '2021-07-01',
    universityStartDate: '2021-09-20',
    expectedGraduationDate: '2024-06-30',
    aLevels: JSON.stringify([{ subject: 'History', grade: 'A*' }]),
    subjects: JSON.stringify([{ name: 'History', levels: ['GCSE', 'A-Level'] }]),
    hasRight: 'yes',
    nationality: 'BritishIrish',
    documentType: 'passport',
    hasDBS: 'true',
    fullNameDBS: session.user.name,
    certificateNumber: '001234567890',
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('profilePicture', new Blob([PNG], { type: 'image/png' }), 'me.png');
  form.append('documentFile', await onePagePdf('Passport'), 'passport.pdf');
  form.append('certificateFile', await onePagePdf('DBS certificate'), 'dbs.pdf');
  const res = await fetch(`${baseUrl}/api/tutor/update-info`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` }, body: form });
  const onboarded = (await res.json()) as Session;
  assert.equal(res.status, 200, `update-info: ${JSON.stringify(onboarded)}`);
  return onboarded;
}
