/** Events told to this context and to every other tab and the service worker of the app. */
export interface Channel<E> {
  publish(event: E): void;
  subscribe(listener: (event: E) => void): () => void;
}

/**
 * A BroadcastChannel opened on first use, plus local delivery: a BroadcastChannel never delivers to its
 * own sender. Without one (old browsers) only this context hears.
 */
export function createChannel<E>(name: string): Channel<E> {
  const listeners = new Set<(event: E) => void>();
  let channel: BroadcastChannel | null | undefined;
  const open = (): BroadcastChannel | null => {
    if (channel === undefined) {
      channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;
      if (channel) channel.onmessage = (e: MessageEvent<E>) => listeners.forEach((l) => l(e.data));
    }
    return channel;
  };
  return {
    publish(event) {
      listeners.forEach((l) => l(event));
      open()?.postMessage(event);
    },
    subscribe(listener) {
      open();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
