// The modules a bundle entry pulls in by static imports alone (what its first chunk can hold): dynamic import()
// and type-only imports are not followed; packages are named, not entered.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each reached module (a repository path such as 'workers/api.ts', or a package specifier such as 'rxdb/plugins/validate-ajv'),
 * with the module that first imported it. */
export type StaticGraph = ReadonlyMap<string, string | null>;

/** The specifiers a module's code imports statically: `import type` and imports of types alone are left out. */
function staticSpecifiers(source: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const typesOnly =
        clause !== undefined &&
        (clause.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typesOnly) specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** Walks the static imports from `entry` (a path relative to `root`). */
export function staticImportGraph(root: string, entry: string): StaticGraph {
  const reached = new Map<string, string | null>([[entry, null]]);
  const pending = [entry];
  for (let module = pending.pop(); module !== undefined; module = pending.pop()) {
    const path = join(root, module);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const specifier of staticSpecifiers(source)) {
      const local = specifier.startsWith('.');
      const target = local ? relative(root, resolve(dirname(path), specifier)) : specifier;
      if (reached.has(target)) continue;
      reached.set(target, module);
      if (local && existsSync(join(root, target))) pending.push(target);
    }
  }
  return reached;
}

/** The chain of imports from the entry to `module` (entry first), to say why a module was reached. */
export function importChain(graph: StaticGraph, module: string): string[] {
  const chain: string[] = [];
  for (let current: string | null | undefined = module; current; current = graph.get(current)) chain.unshift(current);
  return chain;
}
