// A log entry's action in Portuguese, for the admin log and the security log alike ('login_failed' → 'Falha de
// login'); an action the catalogue does not know is shown as written.
import { t } from '../../i18n/admin-catalogue.ts';

const ACTIONS = t.admin.dashboard.actions;

export function logActionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}
