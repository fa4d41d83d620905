import { isScheduledJob, queueNameOf, type AnyJobDefinition } from './job-definition';

const NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Checks definitions and indexes them by name. Throws — so start-up fails — when a definition has
 * no handler, no schema (enqueued jobs) or no cron expression (scheduled ones), a bad name or
 * version, or a name already registered.
 */
export function buildRegistry(definitions: readonly AnyJobDefinition[]): Map<string, AnyJobDefinition> {
  const byName = new Map<string, AnyJobDefinition>();
  for (const definition of definitions) {
    const label = `Job definition "${String(definition?.name)}"`;
    if (!definition || typeof definition.name !== 'string' || !NAME.test(definition.name)) {
      throw new Error(`${label} needs a kebab-case name`);
    }
    if (!Number.isInteger(definition.version) || definition.version < 1) throw new Error(`${label} needs a positive integer version`);
    if (typeof definition.handler !== 'function') throw new Error(`${label} has no handler`);
    if (isScheduledJob(definition)) {
      if (typeof definition.cron !== 'string' || definition.cron.trim().split(/\s+/).length !== 5) throw new Error(`${label} needs a five-field cron expression`);
    } else if (!definition.schema || typeof definition.schema.safeParse !== 'function') throw new Error(`${label} has no payload schema`);
    if (byName.has(definition.name)) throw new Error(`${label} is registered twice`);
    byName.set(definition.name, definition);
  }
  const queues = new Set([...byName.values()].map(queueNameOf));
  if (queues.size !== byName.size) throw new Error('Two job definitions share a queue name');
  return byName;
}
