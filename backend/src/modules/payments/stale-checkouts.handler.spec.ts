import { describe, expect, it } from '@jest/globals';
import { onJobOptions } from '../../infra/queue/on-job.decorator.js';
import { StaleCheckoutsHandler } from './stale-checkouts.handler.js';

// What a run does (settles what the gateway says, skips checkouts that are not stale yet, and a second run changes
// nothing) is decided by PaymentsService's guarded updates in PostgreSQL, so it is tested there, through this
// handler: test/payments.e2e-spec.ts, "stale checkouts". A mock of PaymentsService here could only show that the
// handler calls it.
describe('StaleCheckoutsHandler', () => {
  it('serves maintenance.settle-stale-checkouts on the maintenance queue', () => {
    expect(onJobOptions(StaleCheckoutsHandler.prototype.settleStaleCheckouts)).toEqual({ name: 'maintenance.settle-stale-checkouts', queue: 'maintenance' });
  });
});
