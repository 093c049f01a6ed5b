// One worker of the render's pool (frame-pool.ts): each frame it is sent comes back drawn with the face its plan asks
// for; a frame at rest comes back as it was, untouched.
import { parentPort } from 'node:worker_threads';
import { deformMesh, isRest } from './deform';
import { renderFaceJob } from './warp';
import type { FaceTask, FaceResult } from './render';

parentPort!.on('message', ({ seq, task }: { seq: number; task: FaceTask }) => {
  try {
    const started = performance.now();
    const { plan } = task;
    const still = plan.head.dx === 0 && plan.head.dy === 0 && plan.head.roll === 0;
    if (isRest(plan) && still) {
      const result: FaceResult = { frame: task.source, spare: task.output, ms: performance.now() - started };
      parentPort!.postMessage({ seq, result }, [task.source.buffer as ArrayBuffer, task.output.buffer as ArrayBuffer]);
      return;
    }
    renderFaceJob({ ...task, targetMesh: deformMesh(task.sourceMesh, plan) });
    const result: FaceResult = { frame: task.output, spare: task.source, ms: performance.now() - started };
    parentPort!.postMessage({ seq, result }, [task.output.buffer as ArrayBuffer, task.source.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ seq, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
