import { createHash } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const BULL_BOARD_PATH = '/api/admin/queues';

/** Checks an admin's email and password (the auth module's rules: verified, unbanned, role admin). */
export type AdminCredentialsCheck = (email: string, password: string, ip: string) => Promise<boolean>;

/** A successful sign-in is remembered briefly, so the board's polling does not hash a password each time. */
const REMEMBER_MS = 60_000;

function challenge(reply: FastifyReply): void {
  void reply
    .status(401)
    .header('www-authenticate', 'Basic realm="Redpen queues", charset="UTF-8"')
    .send({ message: 'Sign in with an admin account to see the queues.' });
}

/**
 * Ops view of every queue, off unless BULL_BOARD_ENABLED. Browsers cannot send our bearer token on a plain
 * navigation, so the board asks for HTTP Basic credentials: an admin's own email and password.
 */
export async function mountBullBoard(app: NestFastifyApplication, queues: Queue[], isAdmin: AdminCredentialsCheck): Promise<void> {
  const serverAdapter = new FastifyAdapter();
  createBullBoard({ queues: queues.map((queue) => new BullMQAdapter(queue)), serverAdapter });
  serverAdapter.setBasePath(BULL_BOARD_PATH);

  const remembered = new Map<string, number>();
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return challenge(reply);
    const key = createHash('sha256').update(header).digest('hex');
    if ((remembered.get(key) ?? 0) > Date.now()) return;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const allowed = colon > 0 && (await isAdmin(decoded.slice(0, colon).trim(), decoded.slice(colon + 1), request.ip));
    if (!allowed) return challenge(reply);
    if (remembered.size > 1000) remembered.clear();
    remembered.set(key, Date.now() + REMEMBER_MS);
  };

  // An encapsulated scope: the guard applies to the board's routes only.
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', guard);
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: BULL_BOARD_PATH });
  });
}
