/**
 * A slowed account's sign-ins take turns before their passwords are looked at, and an attempt whose turn is
 * more than 10 s away gets 429. Strangers failing at a steady pace kept that line full, and an outside review
 * measured the owner's right password refused in 57–70% of tries. A browser that signed in to the account
 * before now carries a device cookie (OWASP's "device cookies") that gives it a turn of its own: its attempts
 * never join the strangers' line, and its own failures are limited per device. Everyone else, strangers
 * included, still takes turns, so guessing stays as slow as it was. Each request leaves from a loopback
 * address (127.x.y.z) of its own, as people on other networks would; the strangers use a fresh one for each
 * try, as a botnet would, so their per-address limit never stops them.
 */
import { request } from 'node:http';
import { expect, it } from 'vitest';
import { uniqueEmail } from '../setup/http.ts';
import { useServer } from '../setup/use-server.ts';

// Every sign-in limit at its default (the per-address one too: tests/setup/server.ts lifts only the per-IP ones).
const { server } = useServer({ seed: false });

interface Reply {
  status: number;
  ms: number;
  /** The device cookie the answer set, if any. */
  device?: string;
}

function post(address: string, path: string, body: unknown, device?: string): Promise<Reply> {
  const text = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: server.port,
        localAddress: address,
        method: 'POST',
        path,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...(device ? { cookie: `device=${device}` } : {}),
        },
      },
      (res) => {
        res.resume();
        const set = (res.headers['set-cookie'] ?? [])
          .map((cookie) => /^device=([^;]*)/.exec(cookie)?.[1])
          .find(Boolean);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, ...(set ? { device: set } : {}) }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function signedUp(label: string, address: string) {
  const account = { name: 'Owner', email: uniqueEmail(label), password: `the-password-of-${label}` };
  expect((await post(address, '/api/users/signup', account)).status).toBe(201);
  // Signing in from this browser makes it a known device of the account.
  const signedIn = await post(address, '/api/users/signin', { email: account.email, password: account.password });
  expect(signedIn.status).toBe(200);
  expect(signedIn.device).toBeTruthy();
  return { ...account, device: signedIn.device! };
}

it("strangers failing at a steady pace neither refuse the owner's known device nor make it wait, and get as few verdicts as before", async () => {
  const owner = await signedUp('kept-out', '127.0.0.2');
  const stranger = await signedUp('stranger', '127.0.0.3');

  const answers: number[] = [];
  let flooding = true;
  const flood = [0, 1, 2, 3, 4].map(async (s) => {
    for (let i = 0; flooding; i++) {
      const address = `127.1.${s}.${(i % 250) + 1}`;
      answers.push(
        (await post(address, '/api/users/signin', { email: owner.email, password: `stranger-${s}-guess-${i}` })).status,
      );
      await pause(200);
    }
  });
  const started = performance.now();
  try {
    // Until the line of turns is full: strangers' attempts are being refused.
    while (!answers.includes(429)) {
      expect(performance.now() - started, 'the strangers never filled the line').toBeLessThan(30_000);
      await pause(100);
    }
    const tries: Reply[] = [];
    let device = owner.device;
    for (let i = 0; i < 8; i++) {
      const reply = await post(
        '127.0.0.2',
        '/api/users/signin',
        { email: owner.email, password: owner.password },
        device,
      );
      tries.push(reply);
      device = reply.device ?? device;
      await pause(300);
    }
    expect(tries.map((t) => t.status)).toEqual(Array<number>(8).fill(200));
    // Not behind the strangers' turns (5 s apart by now): an argon2 check and a few statements.
    expect(median(tries.map((t) => t.ms))).toBeLessThan(1000);

    // A device known to another account (the stranger's own) is a stranger here: it waits in line or is refused.
    const borrowed = await post(
      '127.0.0.3',
      '/api/users/signin',
      { email: owner.email, password: 'a-guess-with-my-own-cookie' },
      stranger.device,
    );
    expect(borrowed.status === 429 || borrowed.ms >= 1000, JSON.stringify(borrowed)).toBe(true);
  } finally {
    flooding = false;
    await Promise.all(flood);
  }
  const seconds = (performance.now() - started) / 1000;
  // The strangers' verdicts stay few (unslowed, five at 200 ms apart would have had about 25 a second): the 10
  // failures before the slowdown, the turns of the slowdown as it doubles (0.25, 0.5, 1, 2 and 4 s), each taken
  // by the five at once at worst, one every 5 s after that, and the two queued ahead.
  const verdicts = answers.filter((status) => status === 401).length;
  expect(verdicts).toBeLessThanOrEqual(10 + 5 * 5 + Math.ceil(seconds / 5) + 2);
  expect(answers.every((status) => status === 401 || status === 429)).toBe(true);
}, 120_000);

it('a known device is no way around the limits: its own failures are limited per device, from any address', async () => {
  const owner = await signedUp('device-guessed', '127.0.0.4');
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    statuses.push(
      (
        await post(
          `127.2.0.${i + 1}`,
          '/api/users/signin',
          { email: owner.email, password: `guess-${i}` },
          owner.device,
        )
      ).status,
    );
  }
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  // Refused before it is checked: the right password too, with that device, until the window ends.
  expect(
    (await post('127.2.1.1', '/api/users/signin', { email: owner.email, password: owner.password }, owner.device))
      .status,
  ).toBe(429);
});
