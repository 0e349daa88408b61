import { describe, expect, it } from '@jest/globals';
import { describeStartupError, StartupError } from './startup-errors.js';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('describeStartupError', () => {
  it('says which service is down and how to start it, in one line', () => {
    const line = describeStartupError(new StartupError('PostgreSQL', 'postgres://postgres@db.internal:5433/redpen', refused));
    expect(line).toBe(
      'PostgreSQL is not reachable at db.internal:5433. Start it with "docker compose up -d postgres redis" or install the system packages (apt install postgresql redis-server).',
    );
    expect(line).not.toContain('\n');
  });

  it('passes on a refusal that is not about reachability', () => {
    const denied = Object.assign(new Error('password authentication failed for user "x"'), { code: '28P01' });
    expect(describeStartupError(new StartupError('PostgreSQL', 'postgres://x@h:5432/d', denied))).toBe(
      'PostgreSQL at h:5432 refused the connection: password authentication failed for user "x"',
    );
  });

  it('explains a port already taken', () => {
    const busy = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:3000'), { code: 'EADDRINUSE' });
    expect(describeStartupError(busy)).toMatch(/^The port is already in use .* set PORT\.$/);
  });
});
