import { describe, expect, it, jest } from '@jest/globals';
import { Injectable } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { APP_CONFIG } from '../../config/config.module.js';
import { JobQueue } from './job-queue.service.js';
import { JobWorkers } from './job-workers.service.js';
import '../mail/mail.jobs.js';
import { defineJobs, QUEUES } from './job-registry.js';

// The registry as the auth module fills it (a unit test of infra imports no module).
defineJobs(QUEUES.maintenance, ['maintenance.purge-expired-auth']);
import { OnJob } from './on-job.decorator.js';

@Injectable()
class FirstMailer {
  @OnJob({ name: 'mail.send', queue: QUEUES.mail })
  async send(): Promise<void> {}
}

@Injectable()
class SecondMailer {
  @OnJob({ name: 'mail.send', queue: QUEUES.mail })
  async deliver(): Promise<void> {}
}

@Injectable()
class MisplacedPurger {
  @OnJob({ name: 'maintenance.purge-expired-auth', queue: QUEUES.mail })
  async purge(): Promise<void> {}
}

describe('JobWorkers start-up check (handlers found by discovery)', () => {
  it('refuses to start, before any worker or scheduler exists, naming each problem', async () => {
    const jobs = { upsertScheduler: jest.fn() };
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [
        JobWorkers,
        FirstMailer,
        SecondMailer,
        MisplacedPurger,
        { provide: JobQueue, useValue: jobs },
        { provide: APP_CONFIG, useValue: { redis: { url: 'redis://127.0.0.1:1' } } },
      ],
    }).compile();
    await expect(moduleRef.get(JobWorkers).onApplicationBootstrap()).rejects.toThrow(
      'Job registry: job "mail.send" has 2 handlers (FirstMailer.send, SecondMailer.deliver); ' +
        'MisplacedPurger.purge takes job "maintenance.purge-expired-auth" from queue "mail", but the registry puts it on "maintenance"',
    );
    expect(moduleRef.get(JobWorkers).queues()).toEqual([]);
    expect(jobs.upsertScheduler).not.toHaveBeenCalled();
    await moduleRef.close();
  });

  it('names a registry job that no provider handles', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule],
      providers: [JobWorkers, FirstMailer, { provide: JobQueue, useValue: {} }, { provide: APP_CONFIG, useValue: {} }],
    }).compile();
    await expect(moduleRef.get(JobWorkers).onApplicationBootstrap()).rejects.toThrow('job "maintenance.purge-expired-auth" has no handler');
    await moduleRef.close();
  });
});
