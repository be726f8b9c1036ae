// The camera path of pairing: a code as the page draws it (src/ui/QrCode's modules, from uqr) is read back whole by
// the scanner's decoder in its QR mode, which the barcode mode ignores; and a real pairing code fits a QR code.
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { createFrameDecoder } from '../../src/features/products/scanner/decode.ts';
import { encodeCode } from '../../workers/peer/codes.ts';

/** The QR code of `text` as a camera frame: `scale` pixels per module, centred on a white frame. */
function qrFrame(text: string, width: number, height: number, scale: number): Uint8ClampedArray {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  const frame = new Uint8ClampedArray(width * height).fill(255);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        frame.fill(0, (top + y * scale + dy) * width + left + x * scale, (top + y * scale + dy) * width + left + (x + 1) * scale);
    });
  });
  return frame;
}

/** A Chromium data-channel offer as the relay puts it in an invitation (two mDNS host candidates). */
const OFFER = [
  'v=0',
  'o=- 6907752836499395518 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:1480563773 1 udp 2113937151 f2e2e783-8ebf-4267-a76f-8e1c37b4ef75.local 38368 typ host generation 0 network-cost 999',
  'a=candidate:2472107485 1 udp 2113942271 7c2c7e5d-e084-4c40-bbab-e464b1993645.local 47820 typ host generation 0 network-cost 999',
  'a=ice-ufrag:OEr1',
  'a=ice-pwd:jxisdU3lSLXfMYvGCxH+0rVP',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 3A:16:9D:B3:ED:F8:B0:55:31:67:EE:A1:C1:78:3B:D3:C4:91:94:1A:EE:F2:29:E3:E8:FF:76:21:42:E1:B8:B7',
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
  '',
].join('\r\n');

describe('pairing code as a QR code', () => {
  it('is read back whole by the QR mode, and not by the barcode mode', async () => {
    const code = await encodeCode({
      kind: 'convite',
      owner: '5b0f3a52-2f7e-4b7e-9a55-0d8a3c2f1e11',
      device: '3f9a0c1d2e',
      invite: 'abcDEF123456',
      secret: 'c2VncmVkby1kZS11bWEtdmV6',
      expires: 1_790_000_000_000,
      proof: 'q3Jx0bV4fW2kLm8nPz6sTe1uYc9dHg7iJa5oRw0pNbE',
      sdp: OFFER,
    });
    // Small enough for a phone screen: well under a QR code's byte capacity at this error correction.
    expect(code.length).toBeLessThan(1200);
    const frame = qrFrame(code, 1280, 720, 5);
    expect(createFrameDecoder('qr')(frame, 1280, 720)).toEqual({ text: code, format: 'QR' });
    expect(createFrameDecoder('barcode')(frame, 1280, 720)).toBeNull();
  });
});
