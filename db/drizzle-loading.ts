/**
 * Loads drizzle-orm without Node reading its package.json once per module. That file is 179 kB (an
 * exports map of 447 entries), and Node 24 parses the map again each time it resolves a module inside the
 * package, or a `drizzle-orm/…` specifier (package_json_reader spreads the package config, which runs its
 * lazy `exports` parse): loading drizzle's SQLite layer took 1 s of every process's start, two thirds of a
 * CLI command's (`skillshelf --help`: 1.5 s before, 0.5 s after).
 *
 * The hooks give the answers Node would: a relative `.js` import inside drizzle-orm (a "type": "module"
 * package) is that ES module, and a `drizzle-orm…` specifier imported by our own code resolves to the same
 * file whoever imports it. Register them before anything that imports drizzle is loaded: a module's static
 * imports are resolved before it runs, so the entry points load the rest with a dynamic import.
 */
import module from 'node:module';

const REGISTERED = Symbol.for('skillshelf.drizzleLoading');

export function loadDrizzleQuickly(): void {
  const global = globalThis as Record<symbol, unknown>;
  if (global[REGISTERED] || typeof module.registerHooks !== 'function') return;
  global[REGISTERED] = true;
  const resolved = new Map<string, module.ResolveFnOutput>();
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL ?? '';
      const inDrizzle = parent.includes('/node_modules/drizzle-orm/');
      if (inDrizzle && (specifier.startsWith('./') || specifier.startsWith('../')) && specifier.endsWith('.js')) {
        return { url: new URL(specifier, parent).href, format: 'module', shortCircuit: true };
      }
      if (!specifier.startsWith('drizzle-orm') || parent.includes('/node_modules/') || !parent.startsWith('file:'))
        return nextResolve(specifier, context);
      const key = `${specifier}\u0000${context.conditions?.join(',') ?? ''}`;
      let hit = resolved.get(key);
      if (!hit) resolved.set(key, (hit = { ...nextResolve(specifier, context), shortCircuit: true }));
      return hit;
    },
  });
}
