// The page's side of a link with another device: browsers offer RTCPeerConnection only on the main thread, so
// this module makes the WebRTC offer and answer (host candidates only: no STUN, no TURN, no signalling server)
// and then only carries text between the data channel and a port handed to the data worker. Pairing checks,
// authentication and replication all happen in the worker; nothing here reads what crosses.
import { transfer } from 'comlink';
import { DataError } from '../../workers/contract/errors.ts';
import type { DataClient } from './data-client.ts';

/** No ICE servers: only the device's own addresses on the local network are offered. */
const RTC_CONFIGURATION: RTCConfiguration = { iceServers: [] };
const CHANNEL_LABEL = 'caderneta';
/** Candidates on a local network come in well under this; a code made without all of them may still work. */
const GATHER_TIMEOUT_MS = 4000;

/** The offer this page made, waiting for the other device's answer (one at a time). */
let waitingOffer: { invite: string; connection: RTCPeerConnection; channel: RTCDataChannel } | undefined;

/** Resolves when the connection knows all its candidates (they go in the code: nothing trickles later). */
function candidatesGathered(connection: RTCPeerConnection): Promise<void> {
  if (connection.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      connection.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (connection.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, GATHER_TIMEOUT_MS);
    connection.addEventListener('icegatheringstatechange', check);
  });
}

function localSdp(connection: RTCPeerConnection): string {
  const sdp = connection.localDescription?.sdp;
  if (!sdp) throw new DataError('internal', { diagnostic: 'no local description' });
  return sdp;
}

/** Once the channel opens, hands the worker a port and carries text both ways until either side closes. */
function relay(data: DataClient, invite: string, connection: RTCPeerConnection, channel: RTCDataChannel): void {
  const start = () => {
    const { port1: page, port2: worker } = new MessageChannel();
    let closed = false;
    const close = (tellWorker: boolean) => {
      if (closed) return;
      closed = true;
      if (tellWorker) page.postMessage(null);
      page.close();
      channel.close();
      connection.close();
    };
    page.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === null) close(false);
      else if (typeof event.data === 'string' && channel.readyState === 'open') channel.send(event.data);
    };
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') page.postMessage(event.data);
    };
    channel.onclose = () => {
      close(true);
    };
    connection.addEventListener('connectionstatechange', () => {
      if (connection.connectionState === 'failed' || connection.connectionState === 'closed') close(true);
    });
    data.peer.attach(invite, transfer(worker, [worker])).catch(() => {
      close(false);
    });
  };
  if (channel.readyState === 'open') start();
  else channel.addEventListener('open', start, { once: true });
}

/** Whether this browser can link devices at all (WebRTC data channels). */
export function peerLinksSupported(): boolean {
  return typeof RTCPeerConnection === 'function';
}

/** Device A: an offer, and the invitation the worker makes of it (code text for the QR code). */
export async function startInvitation(data: DataClient): Promise<{ code: string }> {
  waitingOffer?.connection.close();
  waitingOffer = undefined;
  const connection = new RTCPeerConnection(RTC_CONFIGURATION);
  const channel = connection.createDataChannel(CHANNEL_LABEL, { ordered: true });
  await connection.setLocalDescription(await connection.createOffer());
  await candidatesGathered(connection);
  try {
    const { code, invite } = await data.peer.createInvite({ sdp: localSdp(connection) });
    waitingOffer = { invite, connection, channel };
    return { code };
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** Device B: reads A's invitation (the worker checks it) and returns the answer code to show A. */
export async function answerInvitation(data: DataClient, inviteCode: string): Promise<{ code: string; peerLabel: string }> {
  const read = await data.peer.readInvite({ code: inviteCode });
  const connection = new RTCPeerConnection(RTC_CONFIGURATION);
  connection.addEventListener('datachannel', (event) => {
    relay(data, read.invite, connection, event.channel);
  });
  try {
    await connection.setRemoteDescription({ type: 'offer', sdp: read.sdp });
    await connection.setLocalDescription(await connection.createAnswer());
    await candidatesGathered(connection);
    const { code } = await data.peer.createAnswer({ invite: read.invite, sdp: localSdp(connection) });
    return { code, peerLabel: read.peerLabel };
  } catch (error) {
    connection.close();
    throw error;
  }
}

/** Device A: reads B's answer (the worker checks it) and lets the connection open. */
export async function completeInvitation(data: DataClient, answerCode: string): Promise<{ peerLabel: string }> {
  const read = await data.peer.readAnswer({ code: answerCode });
  const offer = waitingOffer;
  if (offer?.invite !== read.invite) throw new DataError('peer_code_expired');
  waitingOffer = undefined;
  relay(data, read.invite, offer.connection, offer.channel);
  await offer.connection.setRemoteDescription({ type: 'answer', sdp: read.sdp });
  return { peerLabel: read.peerLabel };
}

/** Forgets an invitation nobody answered (the screen closed it). */
export function cancelInvitation(): void {
  waitingOffer?.connection.close();
  waitingOffer = undefined;
}
