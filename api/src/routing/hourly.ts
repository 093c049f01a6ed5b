// Running a task every hour while the app is open (sweeps of uploads and rate-limit windows).
import type { FastifyInstance } from 'fastify';

/** Runs `task` every hour while the app is open; a failure is logged and the next hour tries again. */
export function everyHour(app: FastifyInstance, what: string, task: () => Promise<unknown>) {
  const timer = setInterval(() => void task().catch((err: unknown) => app.log.warn({ err }, `${what} failed`)), 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
