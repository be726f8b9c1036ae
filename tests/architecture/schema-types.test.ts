// schemas/types.gen.ts is what scripts/schema-types.ts writes from schemas/*.json: a schema change without
// regenerating the document types fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateSchemaTypes } from '../../scripts/schema-types.ts';

it('schemas/types.gen.ts is up to date with schemas/*.json', () => {
  const committed = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'types.gen.ts'), 'utf8');
  expect(committed).toBe(generateSchemaTypes());
});
