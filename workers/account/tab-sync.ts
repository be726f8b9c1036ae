// Tells this origin's other tabs (each has its own data worker and auth client over the same IndexedDB)
// that the session changed, so a sign-in or sign-out in one tab reaches all of them at once.

export interface TabChannel {
  announce(): void;
  /** Returns a function that stops listening. */
  listen(onChange: () => void): () => void;
}

export function createBroadcastTabChannel(name = 'caderneta-conta'): TabChannel {
  const channel = new BroadcastChannel(name);
  return {
    announce() {
      channel.postMessage({ type: 'session-changed' });
    },
    listen(onChange) {
      const handler = () => {
        onChange();
      };
      channel.addEventListener('message', handler);
      return () => {
        channel.removeEventListener('message', handler);
      };
    },
  };
}
