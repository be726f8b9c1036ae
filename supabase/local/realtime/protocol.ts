// Phoenix channel frames as realtime-js speaks them: JSON arrays (vsn 2.0.0) or objects (vsn 1.0.0).

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
