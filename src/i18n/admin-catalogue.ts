// The catalogue as the admin's screens read it: every shared sentence (i18n/pt-BR.ts) plus the admin's own areas,
// which load with those screens and not with the app's first page.
import { adminText } from './admin.pt-BR.ts';
import { adminNotificationsText } from './admin-notifications.pt-BR.ts';
import { adminPaymentsText } from './admin-payments.pt-BR.ts';
import { adminSecondFactorText } from './admin-second-factor.pt-BR.ts';
import { adminSettingsText } from './admin-settings.pt-BR.ts';
import { adminSupportText } from './admin-support.pt-BR.ts';
import { adminProductsSalesText } from './admin-products-sales.pt-BR.ts';
import { ptBR } from './pt-BR.ts';

export const t = {
  ...ptBR,
  admin: adminText,
  adminProductsSales: adminProductsSalesText,
  adminNotifications: adminNotificationsText,
  adminPayments: adminPaymentsText,
  adminSettings: adminSettingsText,
  adminSupport: adminSupportText,
  adminSecondFactor: adminSecondFactorText,
} as const;
