// The calendar invites mailed after a paid booking: a purpose with line breaks (a bare CR included), `;`, `,` and `\`
// stays one escaped line of the `.ics` (no ATTENDEE or X- line can be added through it), and each person's invite
// names the other by first name only and carries no personal address but the recipient's own; the organizer is the
// platform's no-reply address. Read from the mail catcher as a calendar would read the attachment.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { AppConfig } from '../../src/config/env.schema.js';
import { users } from '../../src/infra/database/schema/index.js';
import { LocalCheckout } from '../../src/modules/payments/local-checkout.service.js';
import { bearer, createAccount, db, type TestAccount } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { eventually } from '../support/eventually.js';
import { mailsTo, type CaughtMail } from '../support/mail-catcher.js';
import { bookableTutor, LONG_TOKENS, settableClock } from '../support/tutoring.js';

/** Thursday 7 January 2027, noon UTC; the tutor teaches every day 09:00-11:00 and 14:00-15:00 (London = UTC then). */
const NOW = '2027-01-07T12:00:00Z';
const HOSTILE_PURPOSE = 'Maths\rATTENDEE;CN=Mallory:mailto:mallory@example.com\nX-INJECTED:1\r\nX-ALSO:2; a, b \\ c';
const KNOWN = new Set(['BEGIN', 'END', 'VERSION', 'CALSCALE', 'PRODID', 'METHOD', 'X-PUBLISHED-TTL', 'UID', 'SUMMARY', 'DTSTAMP', 'DTSTART', 'DTEND', 'SEQUENCE', 'DESCRIPTION', 'URL', 'LOCATION', 'STATUS', 'ORGANIZER', 'ATTENDEE']);

interface MailWithAttachments extends CaughtMail {
  attachments?: { generatedFileName: string; fileName?: string; contentType: string }[];
}

describe('security: the mailed session invites', () => {
  let app: NestFastifyApplication;
  let config: AppConfig;
  let tutor: TestAccount;
  let student: TestAccount;
  const catcher = () => process.env.MAIL_CATCHER_URL ?? 'http://127.0.0.1:1080';

  /** The `.ics` attached to the booking mail to `address`. */
  async function mailedInvite(address: string): Promise<string> {
    let mail: MailWithAttachments | undefined;
    await eventually(async () => !!(mail = (await mailsTo(address)).find((m) => m.subject.startsWith('Your tutoring session is booked'))), 10_000);
    expect(mail).toBeDefined();
    const full = (await (await fetch(`${catcher()}/email/${mail!.id}`)).json()) as MailWithAttachments;
    const ics = full.attachments?.find((a) => /calendar|ics/.test(a.contentType) || /\.ics$/.test(a.generatedFileName));
    expect(ics).toBeDefined();
    return (await fetch(`${catcher()}/email/${mail!.id}/attachment/${encodeURIComponent(ics!.generatedFileName)}`)).text();
  }
  const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter((l) => l !== '');
  const nameOf = (line: string) => /^[A-Z-]+/.exec(line)?.[0] ?? line;

  beforeAll(async () => {
    ({ app, config } = await bootApp({ ...LONG_TOKENS, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
    settableClock(app).set(NOW);
    tutor = await bookableTutor(app);
    student = await createAccount(app, { role: 'student', studentProfile: true });
    await db(app).update(users).set({ name: 'Theodora Tutorsurname' }).where(eq(users.id, tutor.user.id));
    await db(app).update(users).set({ name: 'Samira Studentsurname' }).where(eq(users.id, student.user.id));
    const booked = await request(app.getHttpServer())
      .post('/api/student/createTutoringSession')
      .set(bearer(student.token))
      .send({ tutorId: tutor.user.id, purpose: HOSTILE_PURPOSE, startTime: '2027-01-11T09:00:00.000Z', endTime: '2027-01-11T10:00:00.000Z' })
      .expect(200);
    await app.get(LocalCheckout).act(new URL(booked.body.paymentUrl as string).pathname.split('/').pop()!, 'pay');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps a hostile purpose on one escaped line: no injected ATTENDEE or X- line', async () => {
    for (const person of [student, tutor]) {
      const ics = await mailedInvite(person.user.email);
      // CRLF line breaks only, no bare CR or LF.
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = unfolded(ics);
      expect(lines.filter((l) => !KNOWN.has(nameOf(l)))).toEqual([]);
      expect(lines.filter((l) => nameOf(l).startsWith('X-') && l !== 'X-PUBLISHED-TTL:PT1H')).toEqual([]);
      expect(lines.filter((l) => nameOf(l) === 'ATTENDEE')).toHaveLength(1);
      expect(ics).not.toContain('mallory@example.com\r\n');
      // The purpose's address is masked on write (the safeguarding rule); what stays is one escaped line.
      const summary = lines.find((l) => nameOf(l) === 'SUMMARY')!;
      expect(summary).toContain('Maths\\nATTENDEE\\;CN=Mallory:mailto:[hidden]\\nX-INJECTED:1\\nX-ALSO:2\\; a\\, b \\\\ c');
      expect(ics).not.toContain('mallory@example.com');
    }
  });

  it('names the other person by first name only, and carries no personal address but the recipient’s own', async () => {
    const noReply = /<([^>]+)>/.exec(config.mail.from)?.[1] ?? config.mail.from;
    for (const [me, other, myFirst, otherFirst, otherSurname] of [
      [student, tutor, 'Samira', 'Theodora', 'Tutorsurname'],
      [tutor, student, 'Theodora', 'Samira', 'Studentsurname'],
    ] as const) {
      const ics = await mailedInvite(me.user.email);
      const text = unfolded(ics).join('\n');
      expect(text).toContain(`with ${otherFirst}`);
      expect(text).not.toContain(otherSurname);
      expect(text.toLowerCase()).not.toContain(other.user.email.toLowerCase());
      expect(text).not.toContain(config.mail.supportEmail);
      expect(unfolded(ics).filter((l) => nameOf(l) === 'ORGANIZER')).toEqual([`ORGANIZER;CN="Redpen":MAILTO:${noReply}`]);
      expect(unfolded(ics).filter((l) => nameOf(l) === 'ATTENDEE')).toEqual([expect.stringMatching(new RegExp(`;CN="${myFirst}":mailto:${me.user.email.replace(/[.+]/g, '\\$&')}$`))]);
    }
  });
});
