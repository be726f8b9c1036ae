// Pairing codes: what one device shows (as a QR code and as text) and the other reads, so two devices of one
// owner link with no server. The invitation carries the owner, the device, a one-time secret, its expiry and the
// WebRTC offer; the answer carries the other device's offer answer. Each carries a proof made with a key derived
// from the owner's pairing key (which only the owner's devices hold), over everything in it and, for the answer,
// over the invitation it answers: a device of another account cannot make either, whatever owner id it writes.
import * as v from 'valibot';
import { DataError } from '../contract/errors.ts';

/** Every code starts with this, so a wrong QR code (a product's barcode, a PIX code) is told apart at once. */
const PREFIX = 'CADERNETA1.';

const Text = v.pipe(v.string(), v.minLength(1), v.maxLength(8000));
const Token = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/));

const InviteSchema = v.strictObject({
  kind: v.literal('convite'),
  owner: v.pipe(v.string(), v.uuid()),
  device: Token,
  invite: Token,
  secret: Token,
  /** When the invitation stops being good (ms since the epoch, server time as the inviting device knows it). */
  expires: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  proof: Token,
  sdp: Text,
});

const AnswerSchema = v.strictObject({
  kind: v.literal('resposta'),
  owner: v.pipe(v.string(), v.uuid()),
  device: Token,
  invite: Token,
  proof: Token,
  sdp: Text,
});

export type InviteCode = v.InferOutput<typeof InviteSchema>;
export type AnswerCode = v.InferOutput<typeof AnswerSchema>;
export type PairingCode = InviteCode | AnswerCode;

const CodeSchema = v.variant('kind', [InviteSchema, AnswerSchema]);

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function pipeThrough(
  bytes: Uint8Array<ArrayBuffer>,
  transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The code as text: JSON, deflated (an offer shrinks to about half), in URL-safe base64. */
export async function encodeCode(code: PairingCode): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(code));
  return PREFIX + toBase64Url(await pipeThrough(json, new CompressionStream('deflate-raw')));
}

/** Reads a code typed, pasted or scanned; anything that is not one of ours is `peer_code_invalid`. */
export async function decodeCode(text: string): Promise<PairingCode> {
  const compact = text.replace(/\s+/g, '');
  if (!compact.startsWith(PREFIX)) throw new DataError('peer_code_invalid', { diagnostic: 'prefix' });
  try {
    const inflated = await pipeThrough(fromBase64Url(compact.slice(PREFIX.length)), new DecompressionStream('deflate-raw'));
    const parsed = v.safeParse(CodeSchema, JSON.parse(new TextDecoder().decode(inflated)));
    if (!parsed.success) throw new Error(parsed.issues[0].message);
    return parsed.output;
  } catch (error) {
    throw new DataError('peer_code_invalid', { diagnostic: error instanceof Error ? error.message : String(error) });
  }
}

/** A random token of `bytes` bytes (the one-time secret, invitation ids, handshake nonces). */
export function randomToken(bytes = 16): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** HMAC-SHA-256 of `message` under `secret`, as a token: proves knowledge of the secret without showing it. */
export async function proofOf(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', fromBase64Url(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return toBase64Url(new Uint8Array(signature));
}

/** Compares two proofs in time that does not depend on where they differ. */
export function sameProof(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

const PROOF_KEY_INFO = new TextEncoder().encode('caderneta/pareamento/v1');

/** The key pairing proofs are made with, derived (HKDF-SHA-256) from the owner's pairing key as the server gave it. */
export async function pairingProofKey(pairingKey: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', fromBase64Url(pairingKey), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: PROOF_KEY_INFO },
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
}

/** A proof of `message` under the pairing proof key, as a token. */
export async function signedProof(key: CryptoKey, message: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))));
}

/** Whether `proof` is the pairing proof key's proof of `message` (compared by WebCrypto, in constant time). */
export async function provenBy(key: CryptoKey, message: string, proof: string): Promise<boolean> {
  try {
    return await crypto.subtle.verify('HMAC', key, fromBase64Url(proof), new TextEncoder().encode(message));
  } catch {
    // Not base64 at all: no proof.
    return false;
  }
}

/** What an invitation's proof covers: all it carries (no field holds a '|', and the offer comes last). */
export const inviteProofMessage = (invite: Omit<InviteCode, 'proof' | 'kind'>) =>
  `convite|${invite.invite}|${invite.owner}|${invite.device}|${invite.expires}|${invite.secret}|${invite.sdp}`;

/** The invitation an answer answers, as the answering device read it. */
export interface AnsweredInvitation {
  /** The inviting device. */
  readonly device: string;
  readonly secret: string;
}

/** What an answer's proof covers: the invitation (its id, device and secret), the answering device and owner, and
 * its offer answer. */
export const answerProofMessage = (answer: Omit<AnswerCode, 'proof' | 'kind'>, invitation: AnsweredInvitation) =>
  `resposta|${answer.invite}|${answer.owner}|${invitation.device}|${invitation.secret}|${answer.device}|${answer.sdp}`;

/**
 * The secret of the link that follows a pairing, known only to the two devices that hold the owner's pairing key
 * and read this invitation: the link's handshake proves it, so neither a stranger who saw the codes nor a device
 * of another account can take the channel's place.
 */
export const linkSecretOf = (key: CryptoKey, invite: string, secret: string, devices: readonly [string, string]) =>
  signedProof(key, `elo|${invite}|${secret}|${[...devices].sort().join('|')}`);
