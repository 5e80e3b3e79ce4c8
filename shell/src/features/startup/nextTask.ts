/**
 * Resolves in a new task of the browser's event loop, after what is queued (input, a frame): a long
 * piece of work split by it is several short tasks. A message, not a timer: nested timers are clamped
 * to 4 ms each.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
