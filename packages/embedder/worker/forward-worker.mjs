// Entry of the embedder's worker thread: loads the ONNX model and runs its forward pass, so a
// batch of documents (seconds of CPU) never blocks the process's event loop. Plain JavaScript,
// so it runs the same from the compiled package and under jest (which does not transform code
// running in worker threads); tokenising and pooling stay in the calling thread.
import { parentPort, workerData } from 'node:worker_threads';
import { AutoModel, env, Tensor } from '@huggingface/transformers';

const { modelsDir, modelId, dtype, threads } = workerData;
env.allowLocalModels = true;
env.localModelPath = modelsDir;
env.cacheDir = modelsDir;
env.allowRemoteModels = false;

const loading = AutoModel.from_pretrained(modelId, {
  local_files_only: true,
  dtype,
  device: 'cpu',
  ...(threads ? { session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 } } : {}),
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
    parentPort.postMessage({ id, outputs: reply }, buffers);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
