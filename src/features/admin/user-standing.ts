// How a user's standing reads on the admin's user card: 'Banido' (banned in Auth) apart from 'Suspenso', with the
// reason the admin gave for either.
import type { AdminUserRow } from '../../../workers/api.ts';
import { t } from '../../i18n/admin-catalogue.ts';

const copy = t.admin.users;

export type StandingTone = 'active' | 'blocked' | 'other';

export interface UserStanding {
  readonly label: string;
  readonly tone: StandingTone;
  /** The admin's reason, shown while the user is suspended or banned. */
  readonly reason: string | null;
}

export function userStanding(user: Pick<AdminUserRow, 'status' | 'banned' | 'suspensionReason'>): UserStanding {
  const blocked = user.banned || user.status === 'suspenso';
  const label = user.banned ? copy.banned : (copy.statusNames[user.status] ?? user.status);
  const tone: StandingTone = blocked ? 'blocked' : user.status === 'ativo' ? 'active' : 'other';
  return { label, tone, reason: blocked ? user.suspensionReason : null };
}
