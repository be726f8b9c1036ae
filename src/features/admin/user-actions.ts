// The users page's writes as commands: the toasts of docs/product.md §8, and every admin read refreshed after success.
import type { EditUserInput, UserPlan, UserStatus } from '../../../workers/admin/schema.ts';
import { DataError } from '../../../workers/contract/errors.ts';
import { t } from '../../i18n/admin-catalogue.ts';
import { errorMessage } from '../../i18n/errors.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useInvalidateAdmin } from './queries.ts';

const copy = t.admin.users;

export function usePlanToggle() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, userId: string, plan: UserPlan) => {
      await data.admin.setPlan({ userId, plan });
      await invalidate();
    },
    { success: () => ({ title: copy.planUpdated }), failureTitle: copy.planError },
  );
}

export function useStatusChange() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, userId: string, status: UserStatus) => {
      await data.admin.setStatus({ userId, status });
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.statusUpdated }), failureTitle: copy.statusError },
  );
}

/** Suspender (ban false) or Banir (ban true), with the reason the owner is told on sign-in. */
export function useSuspendUser() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, userId: string, reason: string, ban: boolean) => {
      await (ban ? data.admin.ban({ userId, reason }) : data.admin.suspend({ userId, reason }));
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.statusUpdated }), failureTitle: copy.statusError },
  );
}

export function useEditUser() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, input: EditUserInput) => {
      await data.admin.editUser(input);
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.updated }), failureTitle: copy.updateError, form: 'adminUser' },
  );
}

export function useResendConfirmation() {
  return useCommand((data, email: string) => data.admin.resendConfirmation({ email }), {
    success: () => ({ title: copy.resent }),
    describeFailure: (thrown) => {
      const failure = DataError.from(thrown);
      return copy.resendError(
        failure.details?.serverMessage ?? (failure.code === 'internal' ? copy.unknownError : errorMessage(failure)),
      );
    },
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, userId: string) => {
      await data.admin.deleteUser({ userId });
      await invalidate();
      return true as const;
    },
    {
      success: () => ({ title: copy.removed }),
      describeFailure: (thrown) => {
        const failure = DataError.from(thrown);
        return copy.removeError(failure.details?.serverMessage ?? errorMessage(failure));
      },
    },
  );
}
