/**
 * The profile channel keeps the applicant signed in through outages: it reconnects without limit
 * (with a notice while it does), ends the session only when the server says so, and drops a push
 * older than the one on screen.
 */
import { describe, expect, it } from 'vitest';
import { runProfileChannel, SESSION_ENDED, type SocketLike } from '../src/lib/profile-channel';

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  closed = false;
  close() {
    this.closed = true;
  }
  accept() {
    this.onopen?.({});
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number) {
    this.onclose?.({ code });
  }
}

function channel() {
  const sockets: FakeSocket[] = [];
  const pending: Array<{ fn: () => void; ms: number }> = [];
  const seen: unknown[] = [];
  const notices: boolean[] = [];
  let ended = 0;
  const stop = runProfileChannel({
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    onData: (d) => seen.push(d),
    onEnded: () => (ended += 1),
    onReconnecting: (r) => notices.push(r),
    schedule: (fn, ms) => {
      const item = { fn, ms };
      pending.push(item);
      return () => void pending.splice(pending.indexOf(item), 1);
    },
  });
  return {
    sockets,
    seen,
    notices,
    pending,
    stop,
    ended: () => ended,
    current: () => sockets.at(-1)!,
    /** Runs the scheduled reconnection. */
    tick() {
      const item = pending.shift();
      if (!item) throw new Error('no reconnection scheduled');
      item.fn();
      return item.ms;
    },
  };
}

describe('profile channel', () => {
  it('keeps the session through a minute of failed reconnections, with a notice, and recovers', () => {
    const c = channel();
    c.current().accept();
    c.current().drop(1006);
    expect(c.notices.at(-1)).toBe(true);
    let waited = 0;
    // the server stays away for more than a minute (a restart took 16 s; a failover can take longer)
    while (waited < 60_000) {
      waited += c.tick();
      c.current().drop(1006);
    }
    expect(c.ended()).toBe(0);
    expect(c.pending).toHaveLength(1);
    expect(c.pending[0]!.ms).toBeLessThanOrEqual(10_000);

    c.tick();
    c.current().accept();
    expect(c.notices.at(-1)).toBe(false);
    c.current().push({ disconnect: false, version: 1, data: { stage: 130 } });
    expect(c.seen).toEqual([{ stage: 130 }]);
    expect(c.ended()).toBe(0);
  });

  it('reconnects after "try again later" (1013) and a restart (1012) without signing out', () => {
    const c = channel();
    c.current().drop(1013);
    c.tick();
    c.current().drop(1012);
    c.tick();
    c.current().accept();
    expect(c.ended()).toBe(0);
    expect(c.sockets).toHaveLength(3);
  });

  it('ends the session when the server ends it', () => {
    const closed = channel();
    closed.current().accept();
    closed.current().drop(SESSION_ENDED);
    expect(closed.ended()).toBe(1);
    expect(closed.pending).toHaveLength(0);

    const told = channel();
    told.current().accept();
    told.current().push({ disconnect: true });
    expect(told.ended()).toBe(1);
  });

  it('drops a push older than the one already applied', () => {
    const c = channel();
    c.current().accept();
    c.current().push({ disconnect: false, version: 2, data: { stage: 140 } });
    c.current().push({ disconnect: false, version: 1, data: { stage: 130 } });
    c.current().push({ disconnect: false, version: 3, data: { stage: 150 } });
    expect(c.seen).toEqual([{ stage: 140 }, { stage: 150 }]);
    // a new connection counts again from 1
    c.current().drop(1006);
    c.tick();
    c.current().accept();
    c.current().push({ disconnect: false, version: 1, data: { stage: 160 } });
    expect(c.seen.at(-1)).toEqual({ stage: 160 });
  });

  it('stops reconnecting once stopped', () => {
    const c = channel();
    c.current().drop(1006);
    c.stop();
    expect(c.pending).toHaveLength(0);
  });
});
