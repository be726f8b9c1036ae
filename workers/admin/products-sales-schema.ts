// Inputs of /admin/products and /admin/sales (docs/product.md §2, §9): the search, filters and page of each list, the user
// filter's search-as-you-type and the product to delete. The pages import the types from here.
import * as v from 'valibot';
import { recordId } from '../contract/input.ts';

/** Sale types of the filter buttons: Todas (null), À Vista, Fiado. */
export const SALE_TYPES = ['avista', 'fiado'] as const;
export type SaleType = (typeof SALE_TYPES)[number];

/** Owners offered at a time by the user filter's search. */
export const OWNER_CHOICES = 20;

const search = v.optional(v.pipe(v.string('invalid_type'), v.trim(), v.maxLength(200, 'too_long')), '');
const page = v.optional(v.pipe(v.number('invalid_type'), v.integer('invalid_type'), v.minValue(1, 'too_small')), 1);

export const productsQuerySchema = v.object({
  search,
  userId: v.optional(v.nullable(recordId), null),
  categoria: v.optional(
    v.nullable(
      v.pipe(
        v.string('invalid_type'),
        v.trim(),
        v.maxLength(60, 'too_long'),
        v.transform((text) => (text === '' ? null : text)),
      ),
    ),
    null,
  ),
  page,
});
export type ProductsQuery = v.InferInput<typeof productsQuerySchema>;

export const ownersQuerySchema = v.object({ search });
export type OwnersQuery = v.InferInput<typeof ownersQuerySchema>;

export const productIdSchema = v.object({ productId: recordId });

export const salesQuerySchema = v.object({
  search,
  tipo: v.optional(v.nullable(v.picklist(SALE_TYPES, 'invalid_option')), null),
  page,
});
export type SalesQuery = v.InferInput<typeof salesQuerySchema>;
