// Writes schemas/types.gen.ts: the TypeScript document type of every collection, derived from schemas/*.json.
// Run `node --import tsx scripts/schema-types.ts` after changing a schema (tests/architecture/schema-types.test.ts
// fails while the generated file is stale).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface JsonSchemaNode {
  type?: string | string[];
  enum?: (string | number)[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
}

const folder = join(import.meta.dirname, '..', 'schemas');

function typeOf(node: JsonSchemaNode, indent: string): string {
  // Single quotes, as the repository's formatter writes them, so the generated file stays as committed.
  if (node.enum)
    return node.enum
      .map((value) => (typeof value === 'string' ? `'${value.replaceAll("'", "\\'")}'` : String(value)))
      .join(' | ');
  const types = Array.isArray(node.type) ? node.type : [node.type ?? 'unknown'];
  return types
    .map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'number':
        case 'integer':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array':
          return `ReadonlyArray<${node.items ? typeOf(node.items, indent) : 'unknown'}>`;
        case 'object':
          return objectType(node, indent);
        default:
          return 'unknown';
      }
    })
    .join(' | ');
}

function objectType(node: JsonSchemaNode, indent: string): string {
  const required = new Set(node.required ?? []);
  const lines = Object.entries(node.properties ?? {}).map(
    ([name, child]) => `${indent}  readonly ${name}${required.has(name) ? '' : '?'}: ${typeOf(child, `${indent}  `)};`,
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function pascal(name: string): string {
  return name.replace(/(^|_)([a-z])/g, (_, __: string, letter: string) => letter.toUpperCase());
}

export function generateSchemaTypes(): string {
  const names = readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
  const blocks = names.map((name) => {
    const schema = JSON.parse(readFileSync(join(folder, `${name}.json`), 'utf8')) as JsonSchemaNode & { description?: string };
    return `/** ${schema.description ?? name} */\nexport type ${pascal(name)}Doc = ${objectType(schema, '')};\n`;
  });
  const map = names.map((name) => `  ${name}: ${pascal(name)}Doc;`).join('\n');
  return `// Generated from schemas/*.json by scripts/schema-types.ts — do not edit by hand.\n\n${blocks.join('\n')}\nexport interface CollectionDocs {\n${map}\n}\n\nexport type CollectionName = keyof CollectionDocs;\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(join(folder, 'types.gen.ts'), generateSchemaTypes());
  console.info('schemas/types.gen.ts atualizado');
}
