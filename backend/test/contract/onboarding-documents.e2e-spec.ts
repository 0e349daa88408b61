// Contract: tutor onboarding (`POST /tutor/update-info`) without `documentType` reads the right-to-work document's type
// from the spec's document field it came under: passportURL a passport, UkBornOrAdoptedCertificate a UK birth or
// adoption certificate, biometricResidencePermit a residence permit, validVisa a visa.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { tutorProfiles } from '../../src/infra/database/schema/index.js';
import { bearer, createAccount, db } from '../support/accounts.js';
import { bootApp } from '../support/app.js';
import { minimalPdf, PNG } from '../support/files.js';
import { applicationFields } from '../support/onboarding.js';
import { spec } from './spec-client.js';

describe('contract: onboarding documents without documentType', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    ({ app } = await bootApp());
  });
  afterAll(async () => {
    await app?.close();
  });

  const base = (): Record<string, string> => ({ ...applicationFields(), hasRight: 'yes' });
  /** Onboards a new tutor with `fields` (no documentType) and the document under `documentField`. */
  async function onboard(fields: Record<string, string>, documentField: string) {
    const account = await createAccount(app, { role: 'tutor', onboarded: false, tutorProfile: false });
    let req = request(app.getHttpServer()).post('/api/tutor/update-info').set(bearer(account.token));
    for (const [name, value] of Object.entries({ ...base(), ...fields })) req = req.field(name, value);
    const response = await req.attach('profilePicture', PNG, 'me.png').attach(documentField, minimalPdf(), 'document.pdf');
    const [row] = await db(app).select().from(tutorProfiles).where(eq(tutorProfiles.userId, account.user.id));
    return { response, row, account };
  }

  it.each([
    ['passportURL', { nationality: 'BritishIrish' }, 'passport', 'passportKey'],
    ['UkBornOrAdoptedCertificate', { nationality: 'BritishIrish', niNumber: 'AB123456C' }, 'ukBornOrAdoptedCertificate', 'ukBornOrAdoptedCertificateKey'],
    ['biometricResidencePermit', { nationality: 'NonEuEea' }, 'residencePermit', 'biometricResidencePermitKey'],
    ['validVisa', { nationality: 'NonEuEea' }, 'validVisa', 'validVisaKey'],
  ] as const)(
    spec('documents (BritishIrish: passportURL, NINumber, UkBornOrAdoptedCertificateURL; …; NonEuEea: biometricResidencePermitURL, validVisaURL)') + ': %s alone names the document type',
    async (documentField, fields, documentType, storedUnder) => {
      const { response, row } = await onboard(fields, documentField);
      expect(response.status).toBe(200);
      expect(row!.rightToWorkDocuments).toMatchObject({ documentType, [storedUnder]: expect.any(String) });
    },
  );

  it('the document shows under its spec field on GET /tutor/getProfile', async () => {
    const { response } = await onboard({ nationality: 'NonEuEea' }, 'validVisa');
    const token = response.body.token as string;
    const profile = await request(app.getHttpServer()).get('/api/tutor/getProfile').set(bearer(token)).expect(200);
    expect(profile.body.tutor.documents.NonEuEea).toMatchObject({ biometricResidencePermitURL: null, validVisaURL: expect.stringContaining('X-Amz-Signature=') });
  });

  it('a field the nationality does not accept is refused as the named document would be; documentFile alone still needs documentType', async () => {
    const visa = await onboard({ nationality: 'BritishIrish' }, 'validVisa');
    expect(visa.response.status).toBe(400);
    expect(visa.response.body.errors).toEqual(expect.arrayContaining([{ field: 'documentType', message: 'This document is not accepted for the selected nationality' }]));
    const unnamed = await onboard({ nationality: 'BritishIrish' }, 'documentFile');
    expect(unnamed.response.status).toBe(400);
    expect(unnamed.response.body.errors).toEqual(expect.arrayContaining([{ field: 'documentType', message: 'Please select a document type' }]));
  });

  it('a birth or adoption certificate read from its field still needs the NI number', async () => {
    const { response } = await onboard({ nationality: 'BritishIrish' }, 'UkBornOrAdoptedCertificate');
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(expect.arrayContaining([{ field: 'niNumber', message: 'National Insurance number is required' }]));
  });
});
