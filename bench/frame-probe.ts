// A page probe for the Chromium benches, installed as plain script text: `window[global].arm(arg)` waits for the
// next start event (a click, a history step), and `result(timeoutMs)` resolves with the milliseconds from it to
// the first animation frame after the DOM mutation that made `ready(arg)` true.

export interface FrameProbeOptions {
  /** The window property the bench calls (`window.saleBench`). */
  readonly global: string;
  /** The event that starts a measurement, listened to in the capture phase. */
  readonly start: { readonly on: 'document' | 'window'; readonly event: string };
  /** JavaScript source of `(arg) => boolean`: whether the screen shows what the armed measurement waits for. */
  readonly ready: string;
}

export function frameProbe({ global, start, ready }: FrameProbeOptions): string {
  return String.raw`(() => {
  let waiter = null;
  const ready = ${ready};
  const check = () => {
    if (!waiter || waiter.t0 === null || waiter.done || !ready(waiter.arg)) return;
    waiter.done = true;
    const current = waiter;
    requestAnimationFrame(() => current.resolve(performance.now() - current.t0));
  };
  ${start.on}.addEventListener(${JSON.stringify(start.event)}, () => {
    if (waiter && waiter.t0 === null) {
      waiter.t0 = performance.now();
      queueMicrotask(check);
    }
  }, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window[${JSON.stringify(global)}] = {
    arm(arg) {
      let resolve;
      const promise = new Promise((done) => (resolve = done));
      waiter = { arg, t0: null, done: false, resolve, promise };
    },
    result(timeoutMs) {
      const current = waiter;
      if (!current) return Promise.reject(new Error('nothing armed'));
      return Promise.race([
        current.promise,
        new Promise((_, fail) => setTimeout(() => fail(new Error('no matching frame within ' + timeoutMs + ' ms')), timeoutMs)),
      ]).finally(() => { if (waiter === current) waiter = null; });
    },
  };
})();`;
}
