// A small local stand-in for the few Stripe endpoints Payments uses, so the real `stripe` SDK runs offline
// (pointed here by STRIPE_API_URL, i.e. the SDK's host/port/protocol options). It honours Idempotency-Key
// like Stripe: the same key answers the first response again.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  livemode: false;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly refunds: { id: string; payment_intent: string; amount: number }[] = [];
  readonly accounts = new Map<string, { id: string; object: 'account'; email: string | null; payouts_enabled: boolean; details_submitted: boolean; metadata: Record<string, string> }>();
  readonly transfers: { id: string; amount: number; currency: string; destination: string; metadata: Record<string, string> }[] = [];
  /** Every creation request that reached the stand-in (not answered from the idempotency cache). */
  checkoutsCreated = 0;
  private readonly idempotent = new Map<string, string>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.route(request).then(
        ({ status, body }) => {
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
          response.end(JSON.stringify(body));
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { type: 'api_error', message: error.message } }));
        },
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async route(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const key = request.headers['idempotency-key'] as string | undefined;
    if (request.method === 'POST' && key && this.idempotent.has(key)) return { status: 200, body: JSON.parse(this.idempotent.get(key)!) };
    let result: { status: number; body: unknown } = { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } } };
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const form = await readBody(request);
      this.checkoutsCreated += 1;
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const session: StandInSession = {
        id: id('cs'),
        object: 'checkout.session',
        url: '',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
        currency: form.get('line_items[0][price_data][currency]') ?? 'gbp',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        client_reference_id: form.get('client_reference_id'),
        customer_email: form.get('customer_email'),
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        metadata,
        livemode: false,
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      this.sessions.set(session.id, session);
      result = { status: 200, body: session };
    } else if (request.method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      const session = this.sessions.get(decodeURIComponent(path.slice('/v1/checkout/sessions/'.length)));
      result = session ? { status: 200, body: session } : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } } };
    } else if (request.method === 'POST' && path === '/v1/refunds') {
      const form = await readBody(request);
      const refund = { id: id('re'), object: 'refund', payment_intent: form.get('payment_intent') ?? '', amount: Number(form.get('amount')), status: 'succeeded', currency: 'gbp' };
      this.refunds.push(refund);
      result = { status: 200, body: refund };
    }
    else if (request.method === 'POST' && path === '/v1/accounts') {
      const form = await readBody(request);
      const account = { id: id('acct'), object: 'account' as const, email: form.get('email'), payouts_enabled: false, details_submitted: false, metadata: { tutorId: form.get('metadata[tutorId]') ?? '' } };
      this.accounts.set(account.id, account);
      result = { status: 200, body: account };
    } else if (request.method === 'GET' && path.startsWith('/v1/accounts/')) {
      const account = this.accounts.get(decodeURIComponent(path.slice('/v1/accounts/'.length)));
      result = account ? { status: 200, body: account } : { status: 404, body: { error: { type: 'invalid_request_error', message: 'No such account' } } };
    } else if (request.method === 'POST' && path === '/v1/account_links') {
      const form = await readBody(request);
      result = { status: 200, body: { object: 'account_link', url: `https://connect.stripe.test/setup/${form.get('account')}?return=${encodeURIComponent(form.get('return_url') ?? '')}`, expires_at: 0 } };
    } else if (request.method === 'POST' && path === '/v1/transfers') {
      const form = await readBody(request);
      const transfer = { id: id('tr'), object: 'transfer', amount: Number(form.get('amount')), currency: form.get('currency') ?? '', destination: form.get('destination') ?? '', metadata: { payoutId: form.get('metadata[payoutId]') ?? '' } };
      this.transfers.push(transfer);
      result = { status: 200, body: transfer };
    }
    if (request.method === 'POST' && key && result.status === 200) this.idempotent.set(key, JSON.stringify(result.body));
    return result;
  }

  /** The customer paid (card): complete and paid. */
  pay(sessionId: string): StandInSession {
    const session = this.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= id('pi');
    return session;
  }

  /** A delayed method (bank debit): complete, not yet paid. */
  completeUnpaid(sessionId: string): StandInSession {
    const session = this.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_intent ??= id('pi');
    return session;
  }

  expire(sessionId: string): StandInSession {
    const session = this.sessions.get(sessionId)!;
    session.status = 'expired';
    return session;
  }

  sessionFor(paymentUrl: string): StandInSession {
    const session = [...this.sessions.values()].find((s) => s.url === paymentUrl);
    if (!session) throw new Error(`no stand-in session for ${paymentUrl}`);
    return session;
  }
}

/** A signed webhook delivery as Stripe would send it (the SDK's own test-header helper signs it). */
export function signedEvent(
  secret: string,
  type: string,
  object: object,
  options: { eventId?: string; timestamp?: number; badSignature?: boolean } = {},
): { eventId: string; payload: string; signature: string } {
  const eventId = options.eventId ?? id('evt');
  const payload = JSON.stringify({ id: eventId, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, livemode: false, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.badSignature ? `${secret}-forged` : secret, timestamp: options.timestamp });
  return { eventId, payload, signature };
}
