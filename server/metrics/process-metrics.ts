import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * prom-client's process figures (CPU, memory, heap, event-loop delay, GC, handles), in a registry of their own made
 * once per process: they describe the process whatever the number of apps in it (tests build many), and their
 * collectors (an event-loop monitor, a GC observer) are not worth one per app.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
