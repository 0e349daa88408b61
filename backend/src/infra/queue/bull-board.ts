import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const BULL_BOARD_PATH = '/api/admin/queues';

/**
 * Checks an admin's Basic credentials (the auth module's rules: verified, unbanned, role admin, and the second
 * factor when the admin has one: "<password> <code>"); it remembers completed sign-ins itself.
 */
export type AdminCredentialsCheck = (email: string, secret: string, ip: string) => Promise<{ allowed: true } | { allowed: false; message: string }>;

function challenge(reply: FastifyReply, message: string): void {
  void reply
    .status(401)
    .header('www-authenticate', 'Basic realm="Redpen queues", charset="UTF-8"')
    .send({ message });
}

/**
 * Ops view of every queue, off unless BULL_BOARD_ENABLED. Browsers cannot send our bearer token on a plain
 * navigation, so the board asks for HTTP Basic credentials: an admin's own email and password (and emailed code).
 */
export async function mountBullBoard(app: NestFastifyApplication, queues: Queue[], isAdmin: AdminCredentialsCheck): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
  serverAdapter.setBasePath(BULL_BOARD_PATH);

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return challenge(reply, 'Sign in with an admin account to see the queues.');
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const result = colon > 0 ? await isAdmin(decoded.slice(0, colon).trim(), decoded.slice(colon + 1), request.ip) : undefined;
    if (!result?.allowed) return challenge(reply, result?.message ?? 'Sign in with an admin account to see the queues.');
  };

  // An encapsulated scope: the guard applies to the board's routes only.
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', guard);
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: BULL_BOARD_PATH });
  });
}
