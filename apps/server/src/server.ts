import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError } from './db/data-dir-lock';
import { startTracing } from './tracing';

/**
 * The server's entry point (`npm start` runs its bundle): reads the configuration, starts tracing when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, then loads and runs the rest (run-server.ts). In that order because tracing
 * patches `http` and `pg` as they are loaded, which the rest does (docs/decisions/034-metrics-and-tracing.md).
 */
async function main() {
  const config = loadConfig();
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) await startTracing(config);
  const { runServer } = await import('./run-server');
  await runServer(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
