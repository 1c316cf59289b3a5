// Entry of a model's worker thread: loads the ONNX model and runs its forward pass, so a batch
// of documents (seconds of CPU) or an answer's reranking never blocks the process's event loop.
// Plain JavaScript, so it runs the same from the compiled package and under jest (which does not
// transform code running in worker threads); tokenising and pooling stay in the calling thread.
import { openSync, readdirSync, readlinkSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import {
  AutoModel,
  AutoModelForSequenceClassification,
  env,
  Tensor,
} from '@huggingface/transformers';

const { modelsDir, modelId, dtype, threads, head } = workerData;
env.allowLocalModels = true;
env.localModelPath = modelsDir;
env.cacheDir = modelsDir;
env.allowRemoteModels = false;

const threadsBefore = taskIds();
const Model = head === 'classifier' ? AutoModelForSequenceClassification : AutoModel;
const loading = Model.from_pretrained(modelId, {
  local_files_only: true,
  dtype,
  device: 'cpu',
  session_options: {
    ...(threads ? { intraOpNumThreads: threads, interOpNumThreads: 1 } : {}),
    // ONNX Runtime's pool threads otherwise spin, awake, between the parallel sections of a
    // forward pass and between passes; with the event loop tokenising, pooling and committing on
    // the same cores, that spinning took CPU the others needed (README, "CPU per word").
    extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
  },
});
// This thread and the threads ONNX Runtime started while the model loaded: the model's CPU.
const modelThreads = loading.then(() => {
  const self = ownTaskId();
  if (self === null) return null;
  const started = taskIds().filter((id) => !threadsBefore.includes(id));
  return [self, ...started].map((id) => {
    try {
      return openSync(`/proc/self/task/${id}/schedstat`, 'r');
    } catch {
      return null;
    }
  });
});

parentPort.on('message', async ({ id, inputs }) => {
  try {
    const model = await loading;
    const feeds = {};
    for (const [name, { type, data, dims }] of Object.entries(inputs)) {
      feeds[name] = new Tensor(type, data, dims);
    }
    const outputs = await model(feeds);
    const reply = {};
    const buffers = [];
    for (const [name, tensor] of Object.entries(outputs)) {
      reply[name] = { type: tensor.type, data: tensor.data, dims: tensor.dims };
      buffers.push(tensor.data.buffer);
    }
    parentPort.postMessage(
      { id, outputs: reply, cpuSeconds: cpuSeconds(await modelThreads) },
      buffers,
    );
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});

function taskIds() {
  try {
    return readdirSync('/proc/self/task');
  } catch {
    return [];
  }
}

function ownTaskId() {
  try {
    return readlinkSync('/proc/thread-self').split('/').pop() ?? null;
  } catch {
    return null;
  }
}

const buffer = Buffer.alloc(64);

/** CPU seconds the model's threads used so far (Linux), or undefined where that is unknown. */
function cpuSeconds(descriptors) {
  if (!descriptors) return undefined;
  let nanoseconds = 0;
  for (const descriptor of descriptors) {
    if (descriptor === null) continue;
    try {
      const length = readSync(descriptor, buffer, 0, buffer.length, 0);
      nanoseconds += Number(buffer.toString('latin1', 0, length).split(' ')[0]) || 0;
    } catch {
      // The thread ended.
    }
  }
  return nanoseconds / 1e9;
}
