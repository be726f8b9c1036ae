// Finds the foreign key an embed (`cliente(nome)`, `users!vendas_user_id_fkey(*)`) travels, as PostgREST does.
import { ApiError } from './errors.ts';
import { keyOf, type ForeignKey, type Relation, type SchemaCache } from './catalog.ts';

export interface Relationship {
  foreignKey: ForeignKey;
  target: Relation;
  /** True when the parent holds the foreign key (many-to-one), false when the target does (one-to-many/one). */
  parentHoldsKey: boolean;
  /** The embed renders as one object (or null) rather than an array. */
  toOne: boolean;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column));
}

function cardinality(relationship: Relationship): string {
  if (relationship.parentHoldsKey) return 'many-to-one';
  return relationship.toOne ? 'one-to-one' : 'one-to-many';
}

function describe(parent: Relation, relationship: Relationship): Record<string, unknown> {
  const fk = relationship.foreignKey;
  return {
    cardinality: cardinality(relationship),
    embedding: `${parent.name} with ${relationship.target.name}`,
    relationship: `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.foreignTable}(${fk.foreignColumns.join(', ')})`,
  };
}

export function findRelationship(cache: SchemaCache, parent: Relation, name: string, hint: string | null): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.schema === parent.schema && fk.table === parent.name) {
      const target = cache.relations.get(keyOf(fk.foreignSchema, fk.foreignTable));
      const byColumn = fk.columns.length === 1 && fk.columns[0] === name;
      if (target && (target.name === name || byColumn || fk.name === name)) {
        candidates.push({ foreignKey: fk, target, parentHoldsKey: true, toOne: true });
      }
    }
    if (fk.foreignSchema === parent.schema && fk.foreignTable === parent.name && fk.table === name) {
      const target = cache.relations.get(keyOf(fk.schema, fk.table));
      if (target) {
        const unique = target.uniqueKeys.some((key) => sameColumns(key, fk.columns));
        candidates.push({ foreignKey: fk, target, parentHoldsKey: false, toOne: unique });
      }
    }
  }
  const matching = hint
    ? candidates.filter(
        ({ foreignKey: fk, target }) =>
          fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint) || (target.name === hint && target.name !== name),
      )
    : candidates;
  if (matching.length === 1 && matching[0]) return matching[0];
  if (matching.length === 0) {
    const using = hint ? `, using the hint '${hint}',` : '';
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${using} in the schema '${parent.schema}', but no matches were found.`,
      null,
    );
  }
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    matching.map((relationship) => describe(parent, relationship)),
    `Try changing '${name}' to one of the following: ${matching.map((r) => `'${name}!${r.foreignKey.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
