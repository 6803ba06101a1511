import { describe, expect, it } from 'vitest';
import { replicaUrlOf } from './client.ts';

describe('the embedded replica file of each server process', () => {
  it('is DATABASE_URL for the first, and the same name numbered before its extension for the others', () => {
    expect(replicaUrlOf('file:data/replica.db', 1)).toBe('file:data/replica.db');
    expect(replicaUrlOf('file:data/replica.db', 2)).toBe('file:data/replica.2.db');
    expect(replicaUrlOf('file:/var/lib/skillshelf/replica.db?mode=rwc', 3)).toBe(
      'file:/var/lib/skillshelf/replica.3.db?mode=rwc',
    );
    expect(replicaUrlOf('file:replica', 2)).toBe('file:replica.2');
    expect(replicaUrlOf('file:./v1.5/replica', 2)).toBe('file:./v1.5/replica.2');
  });
});
