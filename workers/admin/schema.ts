// The admin domain's inputs (docs/product.md §2 /admin/users, §5, §9): the users page's filters and page, and the user
// actions (plan, status, edit). Limits are public.users' CHECKs; the forms import this file too.
import * as v from 'valibot';
import { optionalText, recordId } from '../contract/input.ts';

/** Admin page size (docs/product.md §9): users, products, payments and sales. */
export const ADMIN_PAGE_SIZE = 10;
/** The users a page of /admin/users may hold: the spec's ten, or more at a time. */
export const USERS_PAGE_SIZES = [10, 20, 50, 100] as const;
/** Days since the last sign-in the inactivity filter offers (docs/product.md §9). */
export const INACTIVITY_DAYS = [30, 60, 90, 180] as const;
/** Days of premium the plan toggle grants (docs/product.md §9). */
export const PREMIUM_GRANT_DAYS = 30;

export const USER_PLANS = ['free', 'premium'] as const;
export const USER_STATUSES = ['ativo', 'inativo', 'suspenso'] as const;
export const PLAN_SORTS = ['plan_desc', 'plan_asc'] as const;

export type UserPlan = (typeof USER_PLANS)[number];
export type UserStatus = (typeof USER_STATUSES)[number];
export type PlanSort = (typeof PLAN_SORTS)[number];

export const usersQuerySchema = v.object({
  search: v.optional(v.pipe(v.string('invalid_type'), v.trim(), v.maxLength(200, 'too_long')), ''),
  plan: v.optional(v.nullable(v.picklist(USER_PLANS, 'invalid_option')), null),
  status: v.optional(v.nullable(v.picklist(USER_STATUSES, 'invalid_option')), null),
  confirmed: v.optional(v.nullable(v.boolean('invalid_type')), null),
  inactiveDays: v.optional(v.nullable(v.picklist(INACTIVITY_DAYS, 'invalid_option')), null),
  sort: v.optional(v.picklist(PLAN_SORTS, 'invalid_option'), 'plan_desc'),
  page: v.optional(v.pipe(v.number('invalid_type'), v.integer('invalid_type'), v.minValue(1, 'too_small')), 1),
  pageSize: v.optional(v.picklist(USERS_PAGE_SIZES, 'invalid_option'), ADMIN_PAGE_SIZE),
});

export type UsersPageSize = (typeof USERS_PAGE_SIZES)[number];
export type UsersQuery = v.InferInput<typeof usersQuerySchema>;
export type UsersQueryValues = v.InferOutput<typeof usersQuerySchema>;

export const setPlanSchema = v.object({ userId: recordId, plan: v.picklist(USER_PLANS, 'invalid_option') });
export const setStatusSchema = v.object({ userId: recordId, status: v.picklist(USER_STATUSES, 'invalid_option') });
export const userIdSchema = v.object({ userId: recordId });
/** Suspender / Banir: the reason the owner is told when a sign-in is refused. */
export const suspendSchema = v.object({
  userId: recordId,
  reason: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(500, 'too_long')),
});
export const resendSchema = v.object({
  email: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.email('invalid_format')),
});

/** A yyyy-MM-dd date (the edit modal's 'Data Fim Plano'); blank becomes null. */
const optionalDay = v.nullish(
  v.pipe(
    v.string('invalid_type'),
    v.trim(),
    v.transform((text) => (text === '' ? null : text)),
    v.nullable(v.pipe(v.string(), v.isoDate('invalid_format'))),
  ),
  null,
);

/** The edit modal (Nome, Email, Telefone, Nome do Mercado, Plano, Status, Data Fim Plano). */
export const editUserSchema = v.object({
  userId: recordId,
  nome: optionalText(200),
  email: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.email('invalid_format'), v.maxLength(254, 'too_long')),
  telefone: v.nullish(
    v.pipe(
      v.string('invalid_type'),
      v.transform((text) => text.replace(/\D/g, '')),
      v.transform((text) => (text === '' ? null : text)),
      v.nullable(v.pipe(v.string(), v.maxLength(11, 'too_long'))),
    ),
    null,
  ),
  nomeMercado: optionalText(40),
  plan: v.picklist(USER_PLANS, 'invalid_option'),
  /** Left out: the status is kept as it is (one the form does not offer, such as 'cancelado_mantem_acesso'). */
  status: v.optional(v.picklist(USER_STATUSES, 'invalid_option')),
  planEnd: optionalDay,
});

export type EditUserInput = v.InferInput<typeof editUserSchema>;

/** Logs page size (docs/product.md §9). */
export const LOGS_PAGE_SIZE = 20;
export const LOG_KINDS = ['admin', 'security'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export const logsQuerySchema = v.object({
  kind: v.optional(v.picklist(LOG_KINDS, 'invalid_option'), 'admin'),
  search: v.optional(v.pipe(v.string('invalid_type'), v.trim(), v.maxLength(200, 'too_long')), ''),
  page: v.optional(v.pipe(v.number('invalid_type'), v.integer('invalid_type'), v.minValue(1, 'too_small')), 1),
});

export type LogsQuery = v.InferInput<typeof logsQuerySchema>;
