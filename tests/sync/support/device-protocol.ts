// Messages between a test and a simulated device thread.
export interface DeviceThreadConfig {
  name: string;
  url: string;
  anonKey: string;
  token: string;
  userId: string;
  namePrefix: string;
  online: boolean;
  skewMs: number;
  retryTime: number;
  batchSize?: number;
  realtime?: boolean;
  /** How often the device pulls again and offers refused documents again while online. */
  resyncIntervalMs?: number;
  /** How far ahead of the owner's calendar the device's window of facts is placed, in days (0: where the app puts it). */
  windowShiftDays?: number;
}

export interface DeviceRequest {
  id: number;
  op: string;
  args: unknown[];
}

export type DeviceResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };
