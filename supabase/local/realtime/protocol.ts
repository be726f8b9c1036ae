// Phoenix channel frames as realtime-js speaks them: JSON arrays (vsn 2.0.0) or objects (vsn 1.0.0), and the
// binary frames vsn 2.0.0 uses for broadcasts.

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export type Vsn = '1.0.0' | '2.0.0';

export function decodeFrame(data: string, vsn: Vsn): Frame {
  const parsed: unknown = JSON.parse(data);
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new Error('frame must be a 5-element array');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    return {
      joinRef: typeof joinRef === 'string' ? joinRef : null,
      ref: typeof ref === 'string' ? ref : null,
      topic: String(topic),
      event: String(event),
      payload: isRecord(payload) ? payload : {},
    };
  }
  if (!isRecord(parsed)) throw new Error('frame must be an object');
  return {
    joinRef: typeof parsed.join_ref === 'string' ? parsed.join_ref : null,
    ref: typeof parsed.ref === 'string' ? parsed.ref : null,
    topic: String(parsed.topic),
    event: String(parsed.event),
    payload: isRecord(parsed.payload) ? parsed.payload : {},
  };
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const JSON_ENCODING = 1;

/** A broadcast a vsn 2.0.0 client pushed as a binary frame (kind 3): its frame, with a JSON or raw payload. */
export function decodeBinaryPush(data: Buffer): Frame {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new Error('unknown binary frame');
  const sizes = [data[1], data[2], data[3], data[4], data[5]].map((size) => size ?? 0);
  const encoding = data[6];
  let offset = 7;
  const [joinRef, ref, topic, event, metadata] = sizes.map((size) => {
    const text = data.subarray(offset, offset + size).toString('utf8');
    offset += size;
    return text;
  });
  const body = data.subarray(offset);
  const userPayload: unknown = encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : Buffer.from(body);
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic: topic ?? '',
    event: 'broadcast',
    payload: {
      type: 'broadcast',
      event: event ?? '',
      payload: userPayload,
      ...(metadata ? { meta: JSON.parse(metadata) as unknown } : {}),
    },
  };
}

/** A broadcast with a raw (binary) payload, as Realtime sends it to a vsn 2.0.0 client (kind 4). */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(event);
  const header = Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, 0]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}
