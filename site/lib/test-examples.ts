/**
 * docs/product.md#the-rest-api's public test call lists these example people, not real accounts (a public page must not reveal
 * who is registered). Shared by GET /api/test and the /test page.
 */
import type { TestExamplesShape } from '#db/accounts/contract.ts';

export const EXAMPLES: TestExamplesShape = [
  { _id: 'example-1', name: 'Ada Lovelace', email: 'ada@example.com', isAdmin: true },
  { _id: 'example-2', name: 'Alan Turing', email: 'alan@example.com', isAdmin: false },
  { _id: 'example-3', name: 'Grace Hopper', email: 'grace@example.com', isAdmin: false },
];
