import { endpoint } from '#site/lib/server/endpoint.ts';

/**
 * SPEC §7's public test call. It lists example people, not real accounts: a public endpoint must not
 * reveal who is registered.
 */
const EXAMPLES = [
  { _id: 'example-1', name: 'Ada Lovelace', email: 'ada@example.com', isAdmin: true },
  { _id: 'example-2', name: 'Alan Turing', email: 'alan@example.com', isAdmin: false },
  { _id: 'example-3', name: 'Grace Hopper', email: 'grace@example.com', isAdmin: false },
];

export const GET = endpoint(async () => EXAMPLES);
