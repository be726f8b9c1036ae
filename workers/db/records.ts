// Small helpers every owner-data domain uses to write records: ids, device timestamps, money in cents.
import type { Workspace } from './workspace.ts';

export function newId(): string {
  return crypto.randomUUID();
}

/**
 * The time of an edit as ISO text (updated_at, created_at): the device clock corrected by the offset last
 * measured against the server, so that a phone whose clock is days off does not win every later edit.
 */
export function stampOf(workspace: Workspace): string {
  return new Date(workspace.clock.correctedNow()).toISOString();
}

/** The device's calendar date (yyyy-MM-dd) in its own time zone. */
export function todayOf(workspace: Workspace): string {
  const date = new Date(workspace.now());
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Rounds to cents without floating-point drift (1.005 → 1.01). */
export function cents(value: number): number {
  return Math.round(Number((value * 100).toFixed(6))) / 100;
}
