// The app as its routes see it: a Fastify instance whose handlers get `body`, `query` and `params` typed from the
// route's valibot schemas (what the validator compiler in validation.ts parses them with).
import type * as v from 'valibot';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

export interface ValibotTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  // Answers are sent as built (validation.ts); their schemas only document them.
  serializer: unknown;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ValibotTypeProvider
>;
