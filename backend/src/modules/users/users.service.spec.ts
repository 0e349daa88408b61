import { describe, expect, it, jest } from '@jest/globals';
import { NotFoundException } from '@nestjs/common';
import type { DbOrTx } from '../../infra/database/database.types.js';
import type { UserRow } from './users.schema.js';
import type { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

// Layer 1: UsersService over a fake repository.
const ROW = { id: 'u1', onboardingCompleted: true } as UserRow;

function setup(found: UserRow | undefined) {
  const repository = { update: jest.fn(async (_id: string, _changes: object, _tx?: unknown) => found) };
  return { repository, service: new UsersService(repository as unknown as UsersRepository) };
}

describe('UsersService', () => {
  it("completes onboarding inside the caller's transaction and returns the row the token is issued from", async () => {
    const { service, repository } = setup(ROW);
    const tx = {} as DbOrTx;
    await expect(service.markOnboardingCompleted('u1', tx)).resolves.toBe(ROW);
    expect(repository.update).toHaveBeenCalledWith('u1', { onboardingCompleted: true }, tx);
  });

  it('a reset password also verifies the address (the emailed link proves it)', async () => {
    const { service, repository } = setup(ROW);
    await service.resetPassword('u1', 'hash');
    expect(repository.update).toHaveBeenCalledWith('u1', { passwordHash: 'hash', emailVerified: true }, undefined);
  });

  it('answers 404 when the user is gone, instead of handing undefined to the caller', async () => {
    const { service } = setup(undefined);
    await expect(service.setTwoFactor('gone', true)).rejects.toBeInstanceOf(NotFoundException);
  });
});
