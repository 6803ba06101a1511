/**
 * Which methods each REST endpoint implements, read off the module's exports (GET, POST…), so that a
 * method an endpoint lacks gets 405 with an accurate Allow header, and OPTIONS lists them. Astro itself
 * would answer an empty 404 (and log a warning per request, which a client could use to flood the log).
 */
import { API_METHODS } from '#site/server/request-gate.ts';

// Lazy: a module is loaded only when a request needs its method list (they are in the bundle anyway).
const modules = import.meta.glob<Record<string, unknown>>('../../pages/api/**/*.ts');

/** '../../pages/api/contents/[id].ts' → '/api/contents/[id]', as Astro's routePattern names it. */
const routeOf = (file: string) =>
  file
    .replace(/^\.\.\/\.\.\/pages/, '')
    .replace(/\.ts$/, '')
    .replace(/\/index$/, '');

const loaders = new Map(Object.entries(modules).map(([file, load]) => [routeOf(file), load]));
const known = new Map<string, Promise<string[]>>();

/** The methods the endpoint at `routePattern` answers, or undefined when no endpoint has that pattern. */
export function endpointMethods(routePattern: string): Promise<string[]> | undefined {
  const load = loaders.get(routePattern);
  if (!load) return undefined;
  let methods = known.get(routePattern);
  if (!methods) {
    methods = load().then((module) => {
      // Astro answers HEAD with GET's handler; OPTIONS is answered for every endpoint (by the middleware).
      const implemented = (method: string) =>
        method in module || (method === 'HEAD' && 'GET' in module) || method === 'OPTIONS';
      return API_METHODS.filter(implemented);
    });
    known.set(routePattern, methods);
  }
  return methods;
}
