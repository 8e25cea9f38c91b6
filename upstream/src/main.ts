import { stopSignals } from '../../domain/stopSignals.js';

// Heard before anything else loads: a signal while the packages load or the upstream starts (migrations, demo data)
// ends it cleanly once the start is done. Static imports would all load first (over a second), and a signal then would
// kill the process outright; so the rest is imported after.
const signals = stopSignals('upstream');
const { serveUpstream } = await import('./serve.js');
await serveUpstream(signals);
