// The clients feature's public entry: what other features may use.
export { pixPayload, type PixCharge } from './pix.ts';
