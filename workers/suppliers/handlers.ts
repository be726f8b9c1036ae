// The suppliers domain: create, update and remove the owner's suppliers on the device (replicated like every
// owner collection), the live list, and every supplier at once for the exports.
import { parseInput } from '../contract/input.ts';
import type { FornecedoresDoc } from '../../schemas/index.ts';
import { insertOwned, patchOwned, softRemove } from '../db/records.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { listSuppliers, supplierQueries, type SupplierView } from './queries.ts';
import { supplierSchema, type SupplierInput } from './schema.ts';

export type { SupplierInput } from './schema.ts';
export type { SupplierList, SupplierListParams, SupplierView } from './queries.ts';

export function createSuppliersDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async create(input: SupplierInput): Promise<string> {
        const supplier = parseInput(supplierSchema, input);
        return insertOwned(await holder.current(), 'fornecedores', supplier);
      },
      /** Replaces every field (the form sends them all; a field left blank becomes null). */
      async update(id: string, input: SupplierInput): Promise<void> {
        const supplier = parseInput(supplierSchema, input);
        await patchOwned(await holder.current(), 'fornecedores', id, supplier);
      },
      async remove(id: string): Promise<void> {
        await softRemove(await holder.current(), 'fornecedores', id);
      },
      /** Every supplier by name, for 'Exportar PDF' and 'Exportar CSV'. */
      async all(): Promise<readonly SupplierView[]> {
        const docs = await (await holder.current()).database.fornecedores.find().exec();
        return listSuppliers(
          docs.map((doc) => doc.toJSON() as FornecedoresDoc),
          {},
        ).items;
      },
    },
    live: supplierQueries(holder),
  };
}
