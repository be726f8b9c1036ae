// /admin/settings on the server (docs/product.md §2, §3, §7): the stored settings read by key and updated by key, the
// blocked addresses listed, blocked and unblocked through REST (so the front door's list refreshes at once), and
// the support SLA alerts. The server logs each change (migration 0016); nothing here writes admin_logs.
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import type { TicketPriority } from '../support/schema.ts';
import { reaching, rowsOrThrow, serverError, type AdminServer } from './server.ts';
import {
  blockIpSchema,
  unblockIpSchema,
  updateSettingSchema,
  type BlockIpInput,
  type UpdateSettingInput,
} from './settings-schema.ts';

export interface AdminSetting {
  readonly id: string;
  readonly key: string;
  readonly value: unknown;
  readonly description: string | null;
  readonly updatedAt: string;
}

export interface BlockedIp {
  readonly id: string;
  readonly ip: string;
  readonly reason: string | null;
  readonly blockedBy: string | null;
  readonly blockedAt: string;
}

export interface BlockedIpsList {
  /** The newest 100. */
  readonly rows: readonly BlockedIp[];
  readonly total: number;
}

export interface SlaAlert {
  readonly ticketId: string;
  readonly title: string;
  /** Hours left of the first-response SLA (negative once breached), one decimal. */
  readonly hoursRemaining: number;
  /** The ticket's priority, the alert's badge. */
  readonly priority: TicketPriority;
}

/** Blocked addresses one read brings, newest first. */
export const BLOCKED_IPS_SHOWN = 100;

interface SettingRow {
  id: string;
  key: string;
  value: unknown;
  description: string | null;
  updated_at: string;
}

interface BlockedIpRow {
  id: string;
  ip_address: string;
  reason: string | null;
  blocked_by: string | null;
  blocked_at: string;
}

/** The block form's refusals by the server: a repeated address, or one its CHECK finds invalid. */
function blockError(error: PostgrestError | null, status: number): DataError {
  if (error?.code === '23505') return DataError.invalid([{ field: 'ip', code: 'duplicate' }], error.message);
  if (error?.code === '23514' || error?.code === '22P02') {
    return DataError.invalid([{ field: 'ip', code: 'invalid_format' }], error.message);
  }
  return serverError(error, status);
}

/**
 * Row-level security hides these tables from an owner instead of refusing: an empty answer is told apart from
 * a refusal by asking is_admin.
 */
async function refuseNonAdmin(client: SupabaseClient): Promise<void> {
  const answer = await reaching(() => client.rpc('is_admin'));
  if (answer.error) throw serverError(answer.error, answer.status);
  if (answer.data !== true) throw new DataError('forbidden');
}

export function createSettingsHandlers(server: AdminServer) {
  return {
    /** Every stored setting, ordered by key. */
    async settings(): Promise<readonly AdminSetting[]> {
      const client = server.online();
      const [answer] = await Promise.all([
        reaching(() => client.from('system_settings').select('id, key, value, description, updated_at').order('key')),
        refuseNonAdmin(client),
      ]);
      return rowsOrThrow<SettingRow>(answer).map((row) => ({
        id: row.id,
        key: row.key,
        value: row.value,
        description: row.description,
        updatedAt: row.updated_at,
      }));
    },

    /** One setting's value saved by key (whole numbers as integers); the server stamps the update time. */
    async updateSetting(input: UpdateSettingInput): Promise<void> {
      const { key, value } = parseInput(updateSettingSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.from('system_settings').update({ value }).eq('key', key).select('id'));
      if (rowsOrThrow(answer).length > 0) return;
      await refuseNonAdmin(client);
      throw new DataError('not_found');
    },

    /** The newest blocked addresses with the total. */
    async blockedIps(): Promise<BlockedIpsList> {
      const client = server.online();
      const [answer] = await Promise.all([
        reaching(() =>
          client
            .from('blocked_ips')
            .select('id, ip_address, reason, blocked_by, blocked_at', { count: 'exact' })
            .order('blocked_at', { ascending: false })
            .order('id', { ascending: false })
            .limit(BLOCKED_IPS_SHOWN),
        ),
        refuseNonAdmin(client),
      ]);
      const rows = rowsOrThrow<BlockedIpRow>(answer);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          ip: row.ip_address,
          reason: row.reason,
          blockedBy: row.blocked_by,
          blockedAt: row.blocked_at,
        })),
        total: answer.count ?? rows.length,
      };
    },

    /** Blocks an address or a network (checked here and by the server's CHECK). */
    async blockIp(input: BlockIpInput): Promise<void> {
      const { ip, reason } = parseInput(blockIpSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.from('blocked_ips').insert({ ip_address: ip, reason }).select('id'));
      if (answer.error) throw blockError(answer.error, answer.status);
    },

    async unblockIp(input: { id: string }): Promise<void> {
      const { id } = parseInput(unblockIpSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.from('blocked_ips').delete().eq('id', id).select('id'));
      if (rowsOrThrow(answer).length > 0) return;
      await refuseNonAdmin(client);
      throw new DataError('not_found');
    },

    /** Open tickets near or past the 24-hour first-response SLA (check_sla_violations). */
    async slaAlerts(): Promise<readonly SlaAlert[]> {
      const client = server.online();
      const answer = await reaching(() => client.rpc('check_sla_violations'));
      const rows = rowsOrThrow(
        answer as {
          data: { ticket_id: string; title: string; hours_remaining: number | string; priority: TicketPriority }[] | null;
          error: typeof answer.error;
          status: number;
        },
      );
      return rows.map((row) => ({
        ticketId: row.ticket_id,
        title: row.title,
        hoursRemaining: Number(row.hours_remaining),
        priority: row.priority,
      }));
    },
  };
}
