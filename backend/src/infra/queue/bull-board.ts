import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';

export const BULL_BOARD_PATH = '/api/admin/queues';

/** Ops view of every queue. Off unless BULL_BOARD_ENABLED; admin-only once sign-in exists. */
export async function mountBullBoard(app: NestFastifyApplication, queues: Queue[]): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  await app.register(serverAdapter.registerPlugin() as never, { prefix: BULL_BOARD_PATH });
}
