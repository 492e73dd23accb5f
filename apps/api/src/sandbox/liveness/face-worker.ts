/**
 * The sandbox's face check, run off the main thread: @vladmandic/human finds faces in a JPEG and
 * describes them for comparison. Its models ship in the npm package and load from disk; nothing
 * is fetched. The package's WebAssembly backend needs a .wasm binary that the package does not
 * ship (it would come from a CDN), so the bundled pure-JS 'cpu' backend runs here instead.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';

export interface FaceRequest {
  id: number;
  image: Uint8Array;
  compareWith?: Uint8Array;
}
export interface FaceReply {
  id: number;
  faces?: number;
  score?: number;
  live?: number;
  similarity?: number;
  error?: string;
}

type HumanModule = typeof import('@vladmandic/human');
type HumanInstance = InstanceType<HumanModule['Human']>;
type ModelArtifacts = { weightData: ArrayBuffer } & Record<string, unknown>;

const MODEL_SCHEME = 'ekyc-models://';
const humanDist = path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));
const modelsDir = path.join(humanDist, '..', 'models');

async function loadArtifacts(name: string): Promise<ModelArtifacts> {
  const json = JSON.parse(await readFile(path.join(modelsDir, path.basename(name)), 'utf8')) as {
    modelTopology: unknown;
    format?: string;
    generatedBy?: string;
    convertedBy?: string;
    signature?: unknown;
    userDefinedMetadata?: unknown;
    weightsManifest: { paths: string[]; weights: unknown[] }[];
  };
  const weightSpecs: unknown[] = [];
  const chunks: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const p of group.paths) chunks.push(await readFile(path.join(modelsDir, path.basename(p))));
  }
  const all = Buffer.concat(chunks);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
  };
}

async function createHuman(): Promise<HumanInstance> {
  // The package's browser bundle carries its own TensorFlow.js; in Node it would pick a Node
  // platform whose helpers the bundle stubs out. Hidden for the one synchronous evaluation of the
  // module in this dedicated thread, then restored.
  const versions = Object.getOwnPropertyDescriptor(process, 'versions')!;
  Object.defineProperty(process, 'versions', { ...versions, value: { ...process.versions, node: undefined } });
  let mod: HumanModule;
  try {
    mod = (await import(pathToFileURL(path.join(humanDist, 'human.esm.js')).href)) as HumanModule;
  } finally {
    Object.defineProperty(process, 'versions', versions);
  }
  const human = new mod.Human({
    backend: 'cpu',
    modelBasePath: MODEL_SCHEME,
    cacheModels: false,
    debug: false,
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 5, minConfidence: 0.5, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: true },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
  const tf = human.tf as {
    setPlatform(name: string, platform: object): void;
    io: { registerLoadRouter(router: (url: string | string[]) => { load(): Promise<ModelArtifacts> } | null): void };
  };
  tf.setPlatform('ekyc-node', {
    fetch: () => Promise.reject(new Error('no network access for models')),
    now: () => performance.now(),
    encode: (s: string) => new TextEncoder().encode(s),
    decode: (b: Uint8Array, encoding: string) => new TextDecoder(encoding).decode(b),
    isTypedArray: (a: unknown) => ArrayBuffer.isView(a) && !(a instanceof DataView),
  });
  tf.io.registerLoadRouter((url) =>
    typeof url === 'string' && url.startsWith(MODEL_SCHEME)
      ? { load: () => loadArtifacts(url.slice(MODEL_SCHEME.length)) }
      : null,
  );
  await human.load();
  return human;
}

let humanReady: Promise<HumanInstance> | null = null;

async function analyse(human: HumanInstance, jpeg: Uint8Array, describe: boolean) {
  const { data, info } = await sharp(jpeg)
    .rotate()
    .resize(640, 640, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const tf = human.tf as {
    tensor4d(values: Uint8Array, shape: [number, number, number, number], dtype: 'int32'): { dispose(): void };
  };
  const input = tf.tensor4d(new Uint8Array(data), [1, info.height, info.width, 3], 'int32');
  try {
    const result = await human.detect(input as never, { face: { description: { enabled: describe } } });
    return result.face;
  } finally {
    input.dispose();
  }
}

async function handle(request: FaceRequest): Promise<FaceReply> {
  humanReady ??= createHuman();
  const human = await humanReady;
  const faces = await analyse(human, request.image, request.compareWith !== undefined);
  const reply: FaceReply = { id: request.id, faces: faces.length };
  const face = faces[0];
  if (faces.length !== 1 || !face) return reply;
  reply.score = Math.round(face.score * 100) / 100;
  if (face.live !== undefined) reply.live = Math.round(face.live * 100) / 100;
  if (request.compareWith) {
    const id = await analyse(human, request.compareWith, true);
    const a = face.embedding;
    const b = id[0]?.embedding;
    reply.similarity = a && b ? Math.round(human.match.similarity(a, b) * 100) / 100 : 0;
  }
  return reply;
}

// requests are served one at a time: the model is not re-entrant and the CPU is the limit anyway
let queue: Promise<unknown> = Promise.resolve();
parentPort?.on('message', (request: FaceRequest | { id: number; warm: true }) => {
  queue = queue.then(async () => {
    try {
      if ('warm' in request) {
        humanReady ??= createHuman();
        await humanReady;
        parentPort?.postMessage({ id: request.id } satisfies FaceReply);
      } else parentPort?.postMessage(await handle(request));
    } catch (err) {
      parentPort?.postMessage({
        id: request.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies FaceReply);
    }
  });
});
