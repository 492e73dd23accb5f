/**
 * Pub/sub for the socket channels: in-process by default, Redis when REDIS_URL is set, so that
 * a socket on one API process receives updates made through another.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { redisClient } from '../lib/redis-client.ts';

export type Message = Record<string, unknown>;
export type Handler = (message: Message) => void;

export interface Hub {
  /**
   * Delivers a message to every subscriber. Never throws and never waits longer than the publish
   * timeout: a push that cannot be delivered is dropped (sockets read the state again when they
   * reconnect), because the change it announces is already saved.
   */
  publish(channel: string, message: Message): Promise<void>;
  /** Returns the unsubscribe function. Never throws: a subscription made during an outage starts when it ends. */
  subscribe(channel: string, handler: Handler): Promise<() => void>;
  /** False while messages cannot reach the other processes (Redis unreachable). */
  connected(): boolean;
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
  connected() {
    return true;
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

export interface RedisHubOptions {
  /** Longest wait for Redis to take a message or a subscription. */
  timeoutMs: number;
  /** Told when a push could not reach Redis (it was delivered in this process only). */
  onDropped?: (channel: string, cause: string) => void;
  /** REDIS_KEY_PREFIX: before every channel name. */
  prefix?: string;
}

export class RedisHub implements Hub {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);

  constructor(
    url: string,
    private readonly options: RedisHubOptions = { timeoutMs: 500 },
  ) {
    // No offline queue: while Redis is unreachable a command fails at once instead of waiting for
    // the reconnection; commandTimeout bounds the wait on a Redis that accepts but does not answer.
    const redisOptions = {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      commandTimeout: options.timeoutMs,
      connectTimeout: 2000,
      retryStrategy: (attempt: number) => Math.min(200 * attempt, 2000),
    };
    this.pub = redisClient(url, redisOptions);
    this.sub = redisClient(url, redisOptions);
    this.pub.on('error', () => undefined);
    this.sub.on('error', () => undefined);
    this.sub.on('message', (channel: string, raw: string) => {
      try {
        this.local.emit(channel, JSON.parse(raw) as Message);
      } catch {
        // a malformed message on a shared Redis is ignored
      }
    });
    // Every (re)connection subscribes again to every channel someone here listens on, including
    // those asked for while Redis was unreachable.
    this.sub.on('ready', () => {
      const names = this.local.eventNames().map(String);
      if (names.length) void this.sub.subscribe(...names).catch(() => undefined);
    });
  }

  async publish(channel: string, message: Message) {
    const name = `${this.options.prefix ?? ''}ekyc:${channel}`;
    try {
      await this.pub.publish(name, JSON.stringify(message));
    } catch (err) {
      // Redis is unreachable: the sockets of this process still hear it; the others re-read
      // the state when they reconnect.
      this.options.onDropped?.(channel, (err as Error).message);
      this.local.emit(name, message);
    }
  }

  async subscribe(channel: string, handler: Handler) {
    const name = `${this.options.prefix ?? ''}ekyc:${channel}`;
    const first = this.local.listenerCount(name) === 0;
    this.local.on(name, handler);
    if (first) await this.sub.subscribe(name).catch(() => undefined);
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

  connected() {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  async close() {
    this.local.removeAllListeners();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export const createHub = (redisUrl?: string, options?: RedisHubOptions): Hub =>
  redisUrl ? new RedisHub(redisUrl, options) : new InProcessHub();

export const channels = {
  profile: (applicantId: string) => `profile:${applicantId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every process: a session was revoked (drop it from the session cache). */
  revokedSessions: 'sessions-revoked',
  esign: (transactionId: string) => `esign:${transactionId}`,
};
