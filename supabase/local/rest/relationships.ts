// Finds the relationship an embed (`cliente(nome)`, `users!vendas_user_id_fkey(*)`, `livros(titulo)` through a
// join table, `supervisor(nome)` defined by a function) travels, and how to read the embedded rows, as PostgREST does.
import { ApiError } from './errors.ts';
import { keyOf, type ForeignKey, type Relation, type SchemaCache } from './catalog.ts';
import { quoteIdent } from './sql.ts';

interface Common {
  target: Relation;
  /** The embed renders as one object (or null) rather than an array. */
  toOne: boolean;
}

/** A foreign key between the parent and the target, either way. */
export interface ForeignKeyRelationship extends Common {
  kind: 'foreign-key';
  foreignKey: ForeignKey;
  /** True when the parent holds the foreign key (many-to-one), false when the target does (one-to-many/one). */
  parentHoldsKey: boolean;
}

/** Through a join table whose composite key holds a foreign key to each side. */
export interface ManyToManyRelationship extends Common {
  kind: 'many-to-many';
  junction: Relation;
  /** The join table's key to the parent, and to the target. */
  toParent: ForeignKey;
  toTarget: ForeignKey;
}

/** A function of the parent's row returning the target's rows (`ROWS 1` or a single row: to-one). */
export interface ComputedRelationship extends Common {
  kind: 'computed';
  functionSql: string;
}

export type Relationship = ForeignKeyRelationship | ManyToManyRelationship | ComputedRelationship;

const table = (relation: { schema: string; name: string }) => `${quoteIdent(relation.schema)}.${quoteIdent(relation.name)}`;

/** Equality of a foreign key's columns on `holder` with the referenced columns on `referenced`. */
function keyEquality(fk: ForeignKey, holder: string, referenced: string): string[] {
  return fk.columns.map(
    (column, index) => `${holder}.${quoteIdent(column)} = ${referenced}.${quoteIdent(fk.foreignColumns[index] ?? '')}`,
  );
}

/** Where the embedded rows come from, and the conditions tying them (alias `child`) to the parent row. */
export function embedSource(
  relationship: Relationship,
  parentAlias: string,
): { from: string; join: (childAlias: string) => string[] } {
  switch (relationship.kind) {
    case 'foreign-key': {
      const fk = relationship.foreignKey;
      return {
        from: table(relationship.target),
        join: (child) =>
          relationship.parentHoldsKey ? keyEquality(fk, parentAlias, child) : keyEquality(fk, child, parentAlias),
      };
    }
    case 'many-to-many': {
      const junction = `${parentAlias}_j`;
      return {
        from: table(relationship.target),
        join: (child) => [
          `EXISTS (SELECT 1 FROM ${table(relationship.junction)} AS ${junction} WHERE ${[
            ...keyEquality(relationship.toParent, junction, parentAlias),
            ...keyEquality(relationship.toTarget, junction, child),
          ].join(' AND ')})`,
        ],
      };
    }
    case 'computed':
      return { from: `${relationship.functionSql}(${parentAlias})`, join: () => [] };
  }
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((column) => b.includes(column));
}

function cardinality(relationship: Relationship): string {
  if (relationship.kind === 'many-to-many') return 'many-to-many';
  if (relationship.kind === 'foreign-key' && relationship.parentHoldsKey) return 'many-to-one';
  return relationship.toOne ? 'one-to-one' : 'one-to-many';
}

const using = (fk: ForeignKey) =>
  `${fk.name} using ${fk.table}(${fk.columns.join(', ')}) and ${fk.foreignTable}(${fk.foreignColumns.join(', ')})`;

function describe(parent: Relation, relationship: Relationship): Record<string, unknown> {
  let detail = '';
  if (relationship.kind === 'foreign-key') detail = using(relationship.foreignKey);
  else if (relationship.kind === 'many-to-many') {
    const { junction, toParent, toTarget } = relationship;
    detail = `${junction.name} using ${toParent.name}(${toParent.columns.join(', ')}) and ${toTarget.name}(${toTarget.columns.join(', ')})`;
  }
  return {
    cardinality: cardinality(relationship),
    embedding: `${parent.name} with ${relationship.target.name}`,
    relationship: detail,
  };
}

/** The name a hint (`!x`) may give a relationship by: a key's name, its one column, the join table, the target. */
function hintMatches(relationship: Relationship, hint: string, name: string): boolean {
  const byKey = (fk: ForeignKey) => fk.name === hint || (fk.columns.length === 1 && fk.columns[0] === hint);
  if (relationship.kind === 'foreign-key') {
    return byKey(relationship.foreignKey) || (relationship.target.name === hint && relationship.target.name !== name);
  }
  if (relationship.kind === 'many-to-many') {
    return relationship.junction.name === hint || byKey(relationship.toParent) || byKey(relationship.toTarget);
  }
  return false;
}

function candidatesOf(cache: SchemaCache, parent: Relation, name: string): Relationship[] {
  const candidates: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.schema === parent.schema && fk.table === parent.name) {
      const target = cache.relations.get(keyOf(fk.foreignSchema, fk.foreignTable));
      const byColumn = fk.columns.length === 1 && fk.columns[0] === name;
      if (target && (target.name === name || byColumn || fk.name === name)) {
        candidates.push({ kind: 'foreign-key', foreignKey: fk, target, parentHoldsKey: true, toOne: true });
      }
    }
    // The rows pointing at the parent, embedded by their table's name or by the key's own name.
    if (fk.foreignSchema === parent.schema && fk.foreignTable === parent.name && (fk.table === name || fk.name === name)) {
      const target = cache.relations.get(keyOf(fk.schema, fk.table));
      if (target) {
        const unique = target.uniqueKeys.some((key) => sameColumns(key, fk.columns));
        candidates.push({ kind: 'foreign-key', foreignKey: fk, target, parentHoldsKey: false, toOne: unique });
      }
    }
  }
  // Many-to-many: a join table with a key to the parent and one to a table called `name`, both inside its
  // primary key.
  for (const toParent of cache.foreignKeys) {
    if (toParent.foreignSchema !== parent.schema || toParent.foreignTable !== parent.name) continue;
    const junction = cache.relations.get(keyOf(toParent.schema, toParent.table));
    if (!junction || junction.primaryKey.length === 0) continue;
    const inKey = (fk: ForeignKey) => fk.columns.every((column) => junction.primaryKey.includes(column));
    if (!inKey(toParent)) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toParent || toTarget.schema !== junction.schema || toTarget.table !== junction.name) continue;
      if (toTarget.foreignTable !== name || !inKey(toTarget)) continue;
      const target = cache.relations.get(keyOf(toTarget.foreignSchema, toTarget.foreignTable));
      if (target) candidates.push({ kind: 'many-to-many', junction, toParent, toTarget, target, toOne: false });
    }
  }
  return candidates;
}

export function findRelationship(cache: SchemaCache, parent: Relation, name: string, hint: string | null): Relationship {
  // A function of the parent's row named like the embed defines the relationship, over any detected one.
  const computed = parent.computedRelationships.get(name);
  if (computed) {
    const target = cache.relations.get(computed.target);
    if (target) return { kind: 'computed', functionSql: computed.functionSql, target, toOne: computed.toOne };
  }
  const candidates = candidatesOf(cache, parent, name);
  let matching = hint ? candidates.filter((relationship) => hintMatches(relationship, hint, name)) : candidates;
  // A table referencing itself, embedded by its own name with the key as hint (`children:people!parent_id(*)`):
  // the rows that point at this one (one-to-many); by the key column's name (`parent_id(*)`) it is many-to-one.
  if (hint && matching.length === 2) {
    const [first, second] = matching;
    if (
      first?.kind === 'foreign-key' &&
      second?.kind === 'foreign-key' &&
      first.foreignKey === second.foreignKey &&
      first.foreignKey.table === first.foreignKey.foreignTable &&
      first.foreignKey.schema === first.foreignKey.foreignSchema
    ) {
      matching = matching.filter((relationship) => relationship.kind === 'foreign-key' && !relationship.parentHoldsKey);
    }
  }
  if (matching.length === 1 && matching[0]) return matching[0];
  if (matching.length === 0) {
    const usingHint = hint ? `, using the hint '${hint}',` : '';
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${usingHint} in the schema '${parent.schema}', but no matches were found.`,
      null,
    );
  }
  throw new ApiError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    matching.map((relationship) => describe(parent, relationship)),
    `Try changing '${name}' to one of the following: ${matching
      .map(
        (r) => `'${name}!${r.kind === 'many-to-many' ? r.junction.name : r.kind === 'foreign-key' ? r.foreignKey.name : name}'`,
      )
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
