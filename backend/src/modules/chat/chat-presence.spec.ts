import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ClusterPresence, PRESENCE_REFRESH_MS } from './chat-presence.js';

const ALICE = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const isUserRoom = (room: string) => /^[0-9a-f-]{36}$/.test(room);

/** The parts of a socket.io server ClusterPresence uses: its adapter's rooms and events, server-side emits and their listeners. */
function fakeServer() {
  const adapter = Object.assign(new EventEmitter(), { rooms: new Map<string, Set<string>>() });
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const emitted: unknown[][] = [];
  const server = {
    sockets: { adapter },
    serverSideEmit: (...args: unknown[]) => void emitted.push(args),
    on: (event: string, listener: (...args: unknown[]) => void) => void listeners.set(event, listener),
  };
  /** Another instance's server-side event arriving here. */
  const hear = (event: string, ...args: unknown[]) => listeners.get(event)!(...args);
  return { server, adapter, emitted, hear };
}

describe('ClusterPresence', () => {
  let fake: ReturnType<typeof fakeServer>;
  let presence: ClusterPresence;

  beforeEach(() => {
    jest.useFakeTimers();
    fake = fakeServer();
    presence = new ClusterPresence(fake.server as unknown as ConstructorParameters<typeof ClusterPresence>[0], isUserRoom);
    presence.start();
  });
  afterEach(() => {
    presence.stop();
    jest.useRealTimers();
  });

  it('asks the other instances for their lists when it starts', () => {
    expect(fake.emitted).toEqual([['chat:presenceHello', presence.instance]]);
  });

  it("announces a user's room opening and closing here, not a socket's or a session's room", () => {
    fake.emitted.length = 0;
    fake.adapter.emit('create-room', ALICE);
    fake.adapter.emit('create-room', 'Zx1socketid');
    fake.adapter.emit('create-room', `session:${BOB}`);
    fake.adapter.emit('delete-room', ALICE);
    expect(fake.emitted).toEqual([
      ['chat:presence', presence.instance, ALICE, true],
      ['chat:presence', presence.instance, ALICE, false],
    ]);
  });

  it('knows who is online on the other instances from their announcements and lists', () => {
    fake.hear('chat:presence', 'b', ALICE, true);
    expect(presence.onlineElsewhere(ALICE)).toBe(true);
    expect(presence.onlineElsewhere(BOB)).toBe(false);
    // A list replaces what was known of that instance.
    fake.hear('chat:presenceList', 'b', [BOB]);
    expect(presence.onlineElsewhere(ALICE)).toBe(false);
    expect(presence.onlineElsewhere(BOB)).toBe(true);
    fake.hear('chat:presence', 'b', BOB, false);
    expect(presence.onlineElsewhere(BOB)).toBe(false);
  });

  it('a user closing their socket on one instance stays online while another instance has them', () => {
    fake.hear('chat:presence', 'b', ALICE, true);
    fake.hear('chat:presence', 'c', ALICE, true);
    fake.hear('chat:presence', 'b', ALICE, false);
    expect(presence.onlineElsewhere(ALICE)).toBe(true);
  });

  it('answers a new instance with its list, and sends it again every refresh', () => {
    fake.adapter.rooms.set(ALICE, new Set(['s1']));
    fake.adapter.rooms.set('s1', new Set(['s1']));
    fake.emitted.length = 0;
    fake.hear('chat:presenceHello', 'd');
    expect(fake.emitted).toEqual([['chat:presenceList', presence.instance, [ALICE]]]);
    jest.advanceTimersByTime(PRESENCE_REFRESH_MS);
    expect(fake.emitted).toHaveLength(2);
  });

  it('forgets an instance that stopped talking (it died), and keeps one that sends its list', () => {
    fake.hear('chat:presence', 'dead', ALICE, true);
    fake.hear('chat:presence', 'alive', BOB, true);
    for (let i = 0; i < 4; i += 1) {
      jest.advanceTimersByTime(PRESENCE_REFRESH_MS);
      fake.hear('chat:presenceList', 'alive', [BOB]);
    }
    expect(presence.onlineElsewhere(ALICE)).toBe(false);
    expect(presence.onlineElsewhere(BOB)).toBe(true);
  });
});
