import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { onJobOptions } from '../../infra/queue/on-job.decorator.js';
import type { PaymentsService } from './payments.service.js';
import { StaleCheckoutsHandler } from './stale-checkouts.handler.js';

describe('StaleCheckoutsHandler', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('serves maintenance.settle-stale-checkouts on the maintenance queue', () => {
    expect(onJobOptions(StaleCheckoutsHandler.prototype.settleStaleCheckouts)).toEqual({ name: 'maintenance.settle-stale-checkouts', queue: 'maintenance' });
  });

  it('hands the work to PaymentsService each run (its guarded updates make a second run change nothing)', async () => {
    const settle = jest.fn(async () => ({ checked: 0 }));
    const handler = new StaleCheckoutsHandler({ settleStaleCheckouts: settle } as unknown as PaymentsService);
    expect(await handler.settleStaleCheckouts()).toEqual({ checked: 0 });
    expect(await handler.settleStaleCheckouts()).toEqual({ checked: 0 });
    expect(settle).toHaveBeenCalledTimes(2);
  });
});
