// Named schemas in the OpenAPI documents: a schema titled where it is written (`v.title`) becomes a component, and
// each use of it a `$ref` (with its description beside), so a document stays small and generated clients name types.

type Node = Record<string, unknown>;

/** `paths` with every titled schema replaced by a `$ref` to it, and the components so made. */
export function withComponents(paths: Record<string, unknown>) {
  const schemas: Record<string, unknown> = {};
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const { title, description, ...rest } = node as Node;
    // `title` and `description` may also be property names, whose values are schemas rather than text.
    const walked = Object.fromEntries(
      Object.entries({
        ...rest,
        ...(typeof title === 'string' ? {} : { title }),
        ...(typeof description === 'string' ? {} : { description }),
      })
        .filter(([, value]) => value !== undefined)
        // Examples are values, whose `title` is text of their own.
        .map(([key, value]) => [key, key === 'example' || key === 'examples' ? value : walk(value)]),
    );
    const described = typeof description === 'string' ? { description } : {};
    if (typeof title !== 'string') return { ...walked, ...described };
    schemas[title] ??= walked;
    return { $ref: `#/components/schemas/${title}`, ...described };
  };
  return { paths: walk(paths) as Record<string, unknown>, schemas };
}

const REF_PREFIX = '#/components/schemas/';

/** The components `node` refers to, directly or through other components, in the order first met. */
export function referencedSchemas(node: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const ref = (value as Node).$ref;
    if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
      const name = ref.slice(REF_PREFIX.length);
      if (!(name in found) && name in schemas) {
        found[name] = schemas[name];
        visit(schemas[name]);
      }
    }
    Object.values(value).forEach(visit);
  };
  visit(node);
  return found;
}
