// Fastify's per-request log lines at `debug`, shown only when LOG_LEVEL asks for them; an errored request stays an error.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request lines (incoming, completed, route not found) at `debug`, so they show only when
 * LOG_LEVEL asks for them; a request that errored stays an error (5xx answers: http/error-handler.ts).
 */
export class RequestLogsAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug(`Route ${request.method}:${request.url} not found`);
  }
}
