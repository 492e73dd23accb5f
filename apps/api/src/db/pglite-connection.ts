/**
 * node-postgres' connection to PGlite, the embedded database. It is PGlite's own node-postgres
 * connection (`@electric-sql/pglite/node-postgres`) with one change: the messages node-postgres
 * writes in one go (parse, bind, describe, execute, sync) reach PGlite as one buffer, and its raw
 * reply is read once, here. PGlite's connection hands it each message alone: five runs of its main
 * loop per statement, each reply parsed on PGlite's side and each followed by a sync of its files;
 * this halves the CPU time of a short statement.
 *
 * A second change: a statement without a name (drizzle's `execute`, the job queue's queries, most
 * of the repositories') is parsed once and kept under a name of its own here, as a server's
 * connection pooler with prepared-statement caching would: the next call with the same text binds
 * the kept statement, which PostgreSQL neither parses nor analyses again (and, once it has chosen a
 * generic plan, plans no more). PGlite runs PostgreSQL in WebAssembly, where parsing and planning
 * cost several times what they do natively; a statement like the back office's standing query spent
 * more time planned than run. The most recently used STATEMENT_CACHE texts are kept; the rest are
 * closed.
 */
import { EventEmitter } from 'node:events';
import { type PGlite, protocol } from '@electric-sql/pglite';

type Serialize = typeof protocol.serialize;

/** How many unnamed statements' texts are kept parsed (each holds its parse tree and plans in PGlite's memory). */
export const STATEMENT_CACHE = 400;
/** A script that may change a table's columns: a kept statement reading them would fail ("cached plan must not change result type"). */
const DDL = /\b(?:alter|drop|create|truncate)\b/i;

/** The methods and events of node-postgres' own Connection that its Client uses. */
export class PgliteConnection extends EventEmitter {
  _connecting = false;
  stream = { destroy: () => this.end() };
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  readonly #db: PGlite;
  readonly #parser = new protocol.Parser();
  #outgoing: Uint8Array[] = [];
  #listening = false;
  #done: Promise<void> = Promise.resolve();
  /** Unnamed statements' texts (and parameter types) parsed under a name of this connection's, least recently used first. */
  readonly #kept = new Map<string, string>();
  #keptCount = 0;
  /** The kept name the next Bind of the unnamed statement uses instead. */
  #boundTo: string | undefined;
  /** Names parsed in the messages not yet sent or answered: forgotten when their round trip fails. */
  #parsing: { key: string; name: string }[] = [];

  constructor(db: PGlite) {
    super();
    this.#db = db;
    this.on('newListener', (event) => {
      if (event === 'message') this.#listening = true;
    });
  }

  // PGlite has one session, open from the start: nothing to start up or authenticate (no
  // authentication request ever comes, so neither do node-postgres' SASL replies)
  async connect(): Promise<void> {
    this._connecting = true;
    await this.#db.waitReady;
    process.nextTick(() => this.emit('readyForQuery'));
  }
  requestSsl() {}
  startup() {}
  cancel() {}
  password() {}
  ref() {}
  unref() {}

  query(text: string) {
    // a script changing the schema: the kept statements are closed first (they are parsed again on next use)
    if (this.#kept.size && DDL.test(text)) {
      for (const name of this.#kept.values()) this.#write(protocol.serialize.close({ type: 'S', name }));
      this.#kept.clear();
    }
    this.#write(protocol.serialize.query(text));
  }
  parse(query: Parameters<Serialize['parse']>[0] & { types?: unknown }) {
    // node-postgres hands Parse its query's type parsers as `types`; PGlite's serializer reads
    // that as the parameters' type ids (an array), as PostgreSQL's protocol names them
    const types = Array.isArray(query.types) ? (query.types as number[]) : undefined;
    if (query.name || !query.text) {
      this.#write(protocol.serialize.parse({ ...query, types }));
      return;
    }
    const key = types?.length ? `${types.join(',')}\u0000${query.text}` : query.text;
    const name = this.#kept.get(key);
    if (name !== undefined) {
      // parsed before: no Parse (node-postgres does nothing with an unnamed statement's ParseComplete)
      this.#kept.delete(key);
      this.#kept.set(key, name);
      this.#boundTo = name;
      return;
    }
    const fresh = `pglite_${++this.#keptCount}`;
    this.#kept.set(key, fresh);
    this.#parsing.push({ key, name: fresh });
    if (this.#kept.size > STATEMENT_CACHE) {
      const oldest = this.#kept.keys().next().value!;
      this.#write(protocol.serialize.close({ type: 'S', name: this.#kept.get(oldest)! }));
      this.#kept.delete(oldest);
    }
    this.#boundTo = fresh;
    this.#write(protocol.serialize.parse({ text: query.text, name: fresh, types }));
  }
  bind(config: Parameters<Serialize['bind']>[0]) {
    const statement = !config?.statement && this.#boundTo;
    this.#boundTo = undefined;
    this.#write(protocol.serialize.bind(statement ? { ...config, statement } : config));
  }
  execute(config: Parameters<Serialize['execute']>[0]) {
    this.#write(protocol.serialize.execute(config));
  }
  describe(message: Parameters<Serialize['describe']>[0]) {
    this.#write(protocol.serialize.describe(message));
  }
  close(message: Parameters<Serialize['close']>[0]) {
    this.#write(protocol.serialize.close(message));
  }
  flush() {
    this.#write(protocol.serialize.flush());
  }
  sync() {
    this.#write(protocol.serialize.sync());
  }
  sendCopyFromChunk(chunk: Parameters<Serialize['copyData']>[0]) {
    this.#write(protocol.serialize.copyData(chunk));
  }
  endCopyFrom() {
    this.#write(protocol.serialize.copyDone());
  }
  sendCopyFail(message: string) {
    this.#write(protocol.serialize.copyFail(message));
  }

  end() {
    this.#done = this.#done.then(() => {
      this.emit('end');
    });
    for (const event of this.eventNames()) if (event !== 'newListener') this.removeAllListeners(event);
    this.#listening = false;
  }

  /** Messages written in one go (in one task) leave together, as a socket's corked writes do. */
  #write(message: Uint8Array) {
    this.#outgoing.push(message);
    if (this.#outgoing.length === 1) queueMicrotask(() => this.#send());
  }

  #send() {
    const messages = this.#outgoing;
    this.#outgoing = [];
    const parsing = this.#parsing;
    this.#parsing = [];
    const reply = roundTrip(this.#db, messages.length === 1 ? messages[0]! : concat(messages));
    this.#done = this.#done.then(() =>
      reply.then(
        (bytes) =>
          this.#parser.parse(bytes, (message) => {
            // a failure may have been the Parse's (or skipped it): its names are parsed again on next use
            if (message.name === 'error') this.#forget(parsing);
            if (this.#listening) this.emit('message', message);
            this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
          }),
        (err: unknown) => {
          this.#forget(parsing);
          this.emit('error', err);
        },
      ),
    );
  }

  /** Names parsed in a round trip that failed: closed (whether or not their Parse ran), parsed again on next use. */
  #forget(parsed: { key: string; name: string }[]) {
    for (const { key, name } of parsed.splice(0)) {
      if (this.#kept.get(key) === name) this.#kept.delete(key);
      this.#write(protocol.serialize.close({ type: 'S', name }));
    }
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** PGlite's raw reply to a buffer of messages (run at once, in the order called), copied out of its memory. */
async function roundTrip(db: PGlite, messages: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(messages, { onRawData: (chunk) => chunks.push(chunk.slice()) });
  return chunks.length === 1 ? chunks[0]! : concat(chunks);
}
