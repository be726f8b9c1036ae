// The /admin/settings inputs (docs/product.md §2, §3, §5): the three editable settings by key (whole numbers as integers)
// and the IP block form (an IPv4 or IPv6 address, or a network in CIDR notation, and an optional reason).
import * as v from 'valibot';
import { optionalText, recordId } from '../contract/input.ts';

/** The settings the Sistema tab edits, each a JSON object of these fields. */
export const SETTING_KEYS = ['security_settings', 'free_plan_limits', 'notification_settings'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** The largest whole number a setting takes (the server's CHECK says the same). */
export const SETTING_INT_MAX = 1_000_000;

/** A whole number from `min`, typed as text or a number ('5', 5); '5.5', '5a' and '' are refused. */
const wholeNumber = (min: number) =>
  v.pipe(
    v.union([v.string(), v.number()], 'not_a_number'),
    v.transform((value) =>
      typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN,
    ),
    v.number('not_a_number'),
    v.check((value) => Number.isFinite(value), 'not_a_number'),
    v.integer('not_a_number'),
    v.minValue(min, 'too_small'),
    v.maxValue(SETTING_INT_MAX, 'too_large'),
  );

export const securitySettingsSchema = v.object({
  max_login_attempts: wholeNumber(1),
  lockout_duration: wholeNumber(1),
  require_2fa: v.boolean('invalid_type'),
});

export const freePlanLimitsSchema = v.object({ products: wholeNumber(0), clients: wholeNumber(0) });

export const notificationSettingsSchema = v.object({
  email_notifications: v.boolean('invalid_type'),
  push_notifications: v.boolean('invalid_type'),
});

export const updateSettingSchema = v.variant('key', [
  v.object({ key: v.literal('security_settings'), value: securitySettingsSchema }),
  v.object({ key: v.literal('free_plan_limits'), value: freePlanLimitsSchema }),
  v.object({ key: v.literal('notification_settings'), value: notificationSettingsSchema }),
]);

export type UpdateSettingInput = v.InferInput<typeof updateSettingSchema>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether `text` is an IPv6 address: the URL parser knows them exactly ('[…]' hosts). */
function isIpv6(text: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/**
 * An address (`203.0.113.7`, `2001:db8::1`) or a network (`198.51.100.0/24`, `2001:db8::/32`), spelt as strictly
 * as the server's check and the stack's matcher read it: no leading zeros (`127.000.000.002`, `10.0.0.0/08`).
 */
export function isIpOrCidr(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  if (extra !== undefined) return false;
  const max = IPV4.test(address) ? 32 : isIpv6(address) ? 128 : 0;
  if (max === 0) return false;
  return bits === undefined || (/^(0|[1-9]\d{0,2})$/.test(bits) && Number(bits) <= max);
}

export const blockIpSchema = v.object({
  ip: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.check(isIpOrCidr, 'invalid_format')),
  reason: optionalText(500),
});

export type BlockIpInput = v.InferInput<typeof blockIpSchema>;

export const unblockIpSchema = v.object({ id: recordId });
