/** Wraps an endpoint so every thrown error becomes the same JSON reply (db/errors.ts → http.ts). */
import type { APIContext, APIRoute } from 'astro';
import { errorToResponse, json } from './http.ts';

export function endpoint(handler: (context: APIContext) => Promise<unknown>): APIRoute {
  return async (context) => {
    try {
      const result = await handler(context);
      return result instanceof Response ? result : json(result);
    } catch (error) {
      return errorToResponse(error);
    }
  };
}
