import { stopSignals } from '../domain/stopSignals.js';

/**
 * `npm start`: the web app, the reference upstream and the gateway in one process (serve-app.ts). SIGINT/SIGTERM are
 * heard before anything else loads: one while the packages load or the app starts (migrations, demo data, the build)
 * stops the process once it is up. Static imports would all load first (over a second), and a signal then would kill
 * the process outright; so the rest is imported after.
 */
const signals = stopSignals('npm start');
const { serveApp } = await import('./serve-app.js');
await serveApp(signals);
