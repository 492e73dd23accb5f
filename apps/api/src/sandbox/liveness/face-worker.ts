/**
 * The sandbox's face check, run off the main thread: @vladmandic/human finds faces in a JPEG and
 * describes them for comparison, on TensorFlow.js's WebAssembly backend (some ten times faster
 * than the pure-JavaScript one). The models ship in the human package and the .wasm binaries in
 * @tensorflow/tfjs-backend-wasm; both load from disk, nothing is fetched. They are the dependencies
 * of @ekyc/sandbox-face (the host checks it is installed before starting this worker) and are
 * resolved from there.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { facePackageRequire } from './face-package.ts';

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
  /**
   * Where the nose tip lies from the midpoint of the eyes, in eye distances along the picture's
   * width (from the face mesh): positive when the nose points to the picture's right.
   */
  noseOffset?: number;
  error?: string;
}

type HumanModule = typeof import('@vladmandic/human');
type HumanInstance = InstanceType<HumanModule['Human']>;
type ModelArtifacts = { weightData: ArrayBuffer } & Record<string, unknown>;

const require = facePackageRequire(import.meta.url);
const MODEL_SCHEME = 'ekyc-models://';
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
/** Where the WebAssembly backend reads its .wasm files (a local path: the package's default is a CDN). */
const wasmDir = `${path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}${path.sep}`;
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
  // the Node build that takes TensorFlow.js and its WebAssembly backend from their npm packages
  const mod = require(path.join(humanDist, 'human.node-wasm.js')) as HumanModule;
  const human = new mod.Human({
    backend: 'wasm',
    wasmPath: wasmDir,
    modelBasePath: MODEL_SCHEME,
    cacheModels: false,
    // every picture analysed in full: never a result carried over from a similar earlier picture
    cacheSensitivity: 0,
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
    env(): { set(flag: string, value: boolean): void };
    io: { registerLoadRouter(router: (url: string | string[]) => { load(): Promise<ModelArtifacts> } | null): void };
  };
  // one thread: the worker is already off the main thread, and the machine's other cores serve requests
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
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

/** MediaPipe face mesh points: the nose tip and the outer corners of the eyes. */
const NOSE_TIP = 1;
const EYE_CORNERS = [33, 263] as const;

function noseOffset(mesh: readonly (readonly (number | undefined)[])[]): number | undefined {
  const [nose, a, b] = [mesh[NOSE_TIP], mesh[EYE_CORNERS[0]], mesh[EYE_CORNERS[1]]];
  if (!nose || !a || !b) return undefined;
  const width = Math.abs(b[0]! - a[0]!);
  if (width < 1) return undefined;
  return Math.round(((nose[0]! - (a[0]! + b[0]!) / 2) / width) * 1000) / 1000;
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
  const offset = noseOffset(face.mesh);
  if (offset !== undefined) reply.noseOffset = offset;
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
