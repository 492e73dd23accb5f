/**
 * node-postgres' connection to PGlite, the embedded database. It is PGlite's own node-postgres
 * connection (`@electric-sql/pglite/node-postgres`) with one change: the messages node-postgres
 * writes in one go (parse, bind, describe, execute, sync) reach PGlite as one buffer, and its raw
 * reply is read once, here. PGlite's connection hands it each message alone: five runs of its main
 * loop per statement, each reply parsed on PGlite's side and each followed by a sync of its files;
 * this halves the CPU time of a short statement.
 */
import { EventEmitter } from 'node:events';
import { type PGlite, protocol } from '@electric-sql/pglite';

type Serialize = typeof protocol.serialize;

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
    this.#write(protocol.serialize.query(text));
  }
  parse(query: Parameters<Serialize['parse']>[0] & { types?: unknown }) {
    // node-postgres hands Parse its query's type parsers as `types`; PGlite's serializer reads
    // that as the parameters' type ids (an array), as PostgreSQL's protocol names them
    this.#write(protocol.serialize.parse(Array.isArray(query.types) ? query : { ...query, types: undefined }));
  }
  bind(config: Parameters<Serialize['bind']>[0]) {
    this.#write(protocol.serialize.bind(config));
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
    const reply = roundTrip(this.#db, messages.length === 1 ? messages[0]! : concat(messages));
    this.#done = this.#done.then(() =>
      reply.then(
        (bytes) =>
          this.#parser.parse(bytes, (message) => {
            if (this.#listening) this.emit('message', message);
            this.emit(message.name === 'error' ? 'errorMessage' : message.name, message);
          }),
        (err: unknown) => {
          this.emit('error', err);
        },
      ),
    );
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
