// The app's answers as the frontends receive them: the schemas of the app's OpenAPI document (api/openapi.json,
// generated into ./generated/app.ts by `pnpm openapi:client`) with their keys camelCased, as the client does.
import type { components } from './generated/app';

/** `created_at` -> `createdAt`, as `camelKeys` renames a key (./case.ts). */
type CamelCase<Key extends string> = Key extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : Key;

/** A JSON answer after `camelKeys`: every object key, at every depth, camelCased. */
export type Camelized<T> = T extends readonly (infer Item)[]
  ? Camelized<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends string ? CamelCase<Key> : Key]: Camelized<T[Key]> }
    : T;

/** The app's schemas by name (`AppVideo`, `AppAvatar`, …). */
export type AppSchemaName = keyof components['schemas'];
/** One schema of the app's OpenAPI document, as the API client hands it over. */
export type AppSchema<Name extends AppSchemaName> = Camelized<components['schemas'][Name]>;
