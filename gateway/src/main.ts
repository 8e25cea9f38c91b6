import { stopSignals } from '../../domain/stopSignals.js';

// Heard before anything else loads: a signal while the packages load or the gateway starts (Redis, the schema, the
// listener) stops it once it is up. Static imports would all load first (over a second), and a signal then would kill
// the process outright; so the rest is imported after.
const signals = stopSignals('gateway');
const { serveGateway } = await import('./serve.js');
await serveGateway(signals);
