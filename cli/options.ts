/** Parsers for option values: a bad value is commander's usage error (exit 2), naming the option. */
import { InvalidArgumentError } from 'commander';

export function parseCount(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1)
    throw new InvalidArgumentError('Expected a whole number of at least 1.');
  return n;
}

/** YYYY-MM-DD (the start of that day, UTC) or an ISO 8601 time. */
export function parseDate(value: string): Date {
  const text = value.trim();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? new Date(`${text}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T/.test(text)
      ? new Date(text)
      : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw new InvalidArgumentError('Expected a date as YYYY-MM-DD or an ISO 8601 time (2024-05-01T12:00:00Z).');
  return date;
}
