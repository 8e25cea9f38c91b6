/**
 * SIGINT and SIGTERM, heard from the first line of a server program on (the upstream, the gateway, `npm start`). Without
 * a listener Node ends the process at once, so a signal that arrived while the upstream started (migrating its
 * database, loading the demo data) would cut those writes half done, and no drain would run. Here a signal during the
 * start is kept and logged; `whenStarted` runs the stop once the start is done (at once when a signal already came), and
 * later signals run it then. It runs once.
 */
export function stopSignals(service: string) {
  let signalled: NodeJS.Signals | undefined;
  let stop: (() => Promise<void>) | undefined;
  let stopping = false;
  const run = () => {
    if (stopping || !stop) return;
    stopping = true;
    void stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!signalled && !stop) console.warn(`${service}: ${signal} while starting: stopping once the start is done, so no write is cut half done`);
      signalled ??= signal;
      run();
    });
  }
  return {
    /** A stop signal has come: the program should not start listening. */
    get requested(): boolean {
      return signalled !== undefined;
    },
    /** What a stop signal does from now on (at once if one came during the start). */
    whenStarted(onStop: () => Promise<void>): void {
      stop = onStop;
      if (signalled) run();
    },
  };
}

export type StopSignals = ReturnType<typeof stopSignals>;
