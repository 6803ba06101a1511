import type { InStatement } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../tests/setup/db.ts';
import { config } from '../config.ts';
import { addressGroup, countEvent, hitLimitMany, hitLimits } from './rate-limit.ts';

describe('the address group a per-address limit counts under', () => {
  it('is an IPv6 address’s /64, however the address is written', () => {
    const group = '2001:db8:5:7::/64';
    for (const address of [
      '2001:db8:5:7::1',
      '2001:db8:5:7::ffff',
      '2001:0db8:0005:0007:aaaa:bbbb:cccc:dddd',
      '[2001:db8:5:7::2]',
      '2001:DB8:5:7:0:0:0:3',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:5:7::9'),
    ]) {
      expect(addressGroup(address), address).toBe(group);
    }
    expect(addressGroup('2001:db8:5:8::1')).toBe('2001:db8:5:8::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('is an IPv4 address itself, also when it comes inside IPv6', () => {
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(addressGroup('[::FFFF:CB00:7109]')).toBe('203.0.113.9');
    expect(addressGroup('unknown')).toBe('unknown');
  });
});

describe('counting events', () => {
  let t: TestDb;
  let upserts: number;
  beforeEach(async () => {
    t = await createTestDb();
    upserts = 0;
    const execute = t.db.$client.execute.bind(t.db.$client);
    t.db.$client.execute = ((statement: InStatement, ...rest: unknown[]) => {
      if (/insert into "rate_limits"/i.test(typeof statement === 'string' ? statement : statement.sql)) upserts++;
      return (execute as (...args: unknown[]) => ReturnType<typeof execute>)(statement, ...rest);
    }) as typeof execute;
  });
  afterEach(() => t.close());

  it('gives each of many hits on one key at once its own count, in a few writes', async () => {
    const counted = await Promise.all(
      Array.from({ length: 60 }, () => countEvent(t.db, 'RATE_LIMIT_SIGNIN_IP', '203.0.113.9')),
    );
    expect(counted.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(counted.map((c) => c.resetAt)).size).toBe(1);
    expect(upserts).toBeLessThan(5);
    const [row] = (
      await t.db.$client.execute("SELECT count FROM rate_limits WHERE key = 'RATE_LIMIT_SIGNIN_IP:203.0.113.9'")
    ).rows;
    expect(row!.count).toBe(60);
  });

  it('counts other keys apart, and goes on counting after the hits together', async () => {
    await Promise.all([
      countEvent(t.db, 'RATE_LIMIT_SIGNIN_IP', 'a'),
      countEvent(t.db, 'RATE_LIMIT_SIGNIN_IP', 'b'),
      countEvent(t.db, 'RATE_LIMIT_SIGNUP_IP', 'a'),
    ]);
    expect((await countEvent(t.db, 'RATE_LIMIT_SIGNIN_IP', 'a')).count).toBe(2);
    expect((await countEvent(t.db, 'RATE_LIMIT_SIGNIN_IP', 'b')).count).toBe(2);
    expect((await countEvent(t.db, 'RATE_LIMIT_SIGNUP_IP', 'a')).count).toBe(2);
  });

  it('starts a window over with the hits that come after it ended', async () => {
    await countEvent(t.db, 'RATE_LIMIT_SIGNIN_IP', 'late');
    await t.db.$client.execute("UPDATE rate_limits SET reset_at = 0 WHERE key = 'RATE_LIMIT_SIGNIN_IP:late'");
    const counted = await Promise.all(
      Array.from({ length: 5 }, () => countEvent(t.db, 'RATE_LIMIT_SIGNIN_IP', 'late')),
    );
    expect(counted.map((c) => c.count).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(counted[0]!.resetAt).toBeGreaterThan(Date.now());
  });

  it('lets a batch through up to the limit, refuses the rest, and counts only what it let through', async () => {
    const { max } = config().RATE_LIMIT_SUBMISSION_USER;
    const stored = async () =>
      (await t.db.$client.execute("SELECT count FROM rate_limits WHERE key = 'RATE_LIMIT_SUBMISSION_USER:ada'"))
        .rows[0]!.count;
    expect(await hitLimitMany(t.db, 'RATE_LIMIT_SUBMISSION_USER', 'ada', max - 2)).toEqual({
      allowed: max - 2,
      refusal: undefined,
    });
    const over = await hitLimitMany(t.db, 'RATE_LIMIT_SUBMISSION_USER', 'ada', 5);
    expect(over.allowed).toBe(2);
    expect(over.refusal).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await stored()).toBe(max);
    // Spent: refused on a read, nothing more counted.
    upserts = 0;
    const spent = await hitLimitMany(t.db, 'RATE_LIMIT_SUBMISSION_USER', 'ada', 1);
    expect(spent.allowed).toBe(0);
    expect(spent.refusal).toMatchObject({ code: 'RATE_LIMITED' });
    expect(upserts).toBe(0);
    expect(await stored()).toBe(max);
    // Another account's batch is counted apart.
    expect((await hitLimitMany(t.db, 'RATE_LIMIT_SUBMISSION_USER', 'bob', 3)).allowed).toBe(3);
  });

  it('counts a request against two limits at once, and refuses it when either is spent, the other counted all the same', async () => {
    const stored = async (key: string) =>
      Number(
        (await t.db.$client.execute({ sql: 'SELECT count FROM rate_limits WHERE key = ?', args: [key] })).rows[0]
          ?.count ?? 0,
      );
    const hits: Array<[name: 'RATE_LIMIT_SIGNIN_IP' | 'RATE_LIMIT_SIGNIN_ACCOUNT', key: string]> = [
      ['RATE_LIMIT_SIGNIN_IP', '198.51.100.7'],
      ['RATE_LIMIT_SIGNIN_ACCOUNT', '198.51.100.7/ada@example.com'],
    ];
    await hitLimits(t.db, hits);
    expect(await stored('RATE_LIMIT_SIGNIN_IP:198.51.100.7')).toBe(1);
    expect(await stored('RATE_LIMIT_SIGNIN_ACCOUNT:198.51.100.7/ada@example.com')).toBe(1);

    // The address's limit spent: refused with its wait, whatever the account's says.
    const { max } = config().RATE_LIMIT_SIGNIN_IP;
    await t.db.$client.execute({
      sql: "UPDATE rate_limits SET count = ? WHERE key = 'RATE_LIMIT_SIGNIN_IP:198.51.100.7'",
      args: [max],
    });
    const refused = await hitLimits(t.db, hits).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(await stored('RATE_LIMIT_SIGNIN_IP:198.51.100.7')).toBe(max);
    expect(await stored('RATE_LIMIT_SIGNIN_ACCOUNT:198.51.100.7/ada@example.com')).toBe(2);
  });
});
