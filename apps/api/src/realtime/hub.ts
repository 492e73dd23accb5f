/**
 * Pub/sub for the socket channels: in-process by default, Redis when REDIS_URL is set, so that
 * a socket on one API process receives updates made through another.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type Message = Record<string, unknown>;
export type Handler = (message: Message) => void;

export interface Hub {
  publish(channel: string, message: Message): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(channel: string, handler: Handler): Promise<() => void>;
  close(): Promise<void>;
  /** Readiness: whether the shared broker (Redis) answers within timeoutMs; absent when in-process. */
  reachable?(timeoutMs: number): Promise<boolean>;
}

export class InProcessHub implements Hub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  async publish(channel: string, message: Message) {
    this.emitter.emit(channel, message);
  }
  async subscribe(channel: string, handler: Handler) {
    this.emitter.on(channel, handler);
    return () => void this.emitter.off(channel, handler);
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

export class RedisHub implements Hub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);

  constructor(
    url: string,
    /** REDIS_KEY_PREFIX: before every channel name. */
    private readonly prefix = '',
  ) {
    const options = { maxRetriesPerRequest: 2, lazyConnect: false, enableOfflineQueue: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    this.pub.on('error', () => undefined);
    this.sub.on('error', () => undefined);
    this.sub.on('message', (channel: string, raw: string) => {
      try {
        this.local.emit(channel, JSON.parse(raw) as Message);
      } catch {
        // a malformed message on a shared Redis is ignored
      }
    });
  }

  async publish(channel: string, message: Message) {
    await this.pub.publish(`${this.prefix}ekyc:${channel}`, JSON.stringify(message));
  }

  async subscribe(channel: string, handler: Handler) {
    const name = `${this.prefix}ekyc:${channel}`;
    if (this.local.listenerCount(name) === 0) await this.sub.subscribe(name);
    this.local.on(name, handler);
    return () => {
      this.local.off(name, handler);
      if (this.local.listenerCount(name) === 0) void this.sub.unsubscribe(name).catch(() => undefined);
    };
  }

  async reachable(timeoutMs: number): Promise<boolean> {
    if (this.pub.status !== 'ready') return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((r) => (timer = setTimeout(() => r(false), timeoutMs)));
    const pong = this.pub.ping().then(
      (p) => p === 'PONG',
      () => false,
    );
    return Promise.race([pong, late]).finally(() => clearTimeout(timer));
  }

  async close() {
    this.local.removeAllListeners();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export const createHub = (redisUrl?: string, prefix = ''): Hub =>
  redisUrl ? new RedisHub(redisUrl, prefix) : new InProcessHub();

export const channels = {
  profile: (applicantId: string) => `profile:${applicantId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every process: a session was revoked (drop it from the session cache). */
  revokedSessions: 'sessions-revoked',
  esign: (transactionId: string) => `esign:${transactionId}`,
};
