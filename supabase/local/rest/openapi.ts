// A small OpenAPI 2.0 description served at /rest/v1/: the tables, views and functions of the exposed schema.
import type { SchemaCache } from './catalog.ts';

export function describeApi(cache: SchemaCache, schema: string, publicUrl: string): Record<string, unknown> {
  const paths: Record<string, unknown> = { '/': { get: { summary: 'OpenAPI description (this document)' } } };
  const definitions: Record<string, unknown> = {};
  for (const relation of cache.relations.values()) {
    if (relation.schema !== schema) continue;
    const methods = relation.kind === 'table' ? ['get', 'post', 'patch', 'delete'] : ['get'];
    paths[`/${relation.name}`] = Object.fromEntries(methods.map((method) => [method, { tags: [relation.name] }]));
    definitions[relation.name] = {
      type: 'object',
      required: relation.primaryKey,
      properties: Object.fromEntries([...relation.columns.values()].map((column) => [column.name, { format: column.type }])),
    };
  }
  for (const [key, overloads] of cache.routines) {
    const [routineSchema, name] = key.split('.', 2);
    if (routineSchema !== schema || !name) continue;
    const parameters = overloads[0]?.args.map((arg) => ({ name: arg.name, format: arg.type, required: !arg.hasDefault })) ?? [];
    paths[`/rpc/${name}`] = { get: { tags: ['(rpc)'], parameters }, post: { tags: ['(rpc)'], parameters } };
  }
  const url = new URL(publicUrl);
  return {
    swagger: '2.0',
    info: { title: 'Caderneta local REST API', version: '12' },
    host: url.host,
    basePath: '/rest/v1',
    schemes: [url.protocol.replace(':', '')],
    consumes: ['application/json'],
    produces: ['application/json', 'application/vnd.pgrst.object+json'],
    paths,
    definitions,
  };
}
