/**
 * What a course page says of itself in schema.org JSON-LD (Course, LearningResource, VideoObject, any
 * CreativeWork), and in OpenGraph where JSON-LD says nothing: who provides it, the time it takes, what it
 * teaches and expects, when it was last changed. Suggestions only (the admin accepts them), so anything odd is
 * left out rather than guessed. Pure: the page's text in, plain values out (the catalog validates them).
 */

/** The facts a page may suggest, each undefined when it does not say it. */
export interface CourseFacts {
  provider?: string;
  hours?: number;
  skills?: string[];
  prerequisites?: string;
  lastUpdated?: string;
}

/** The schema.org types whose facts are about the resource itself. */
const RESOURCE_TYPES = new Set(['Course', 'LearningResource', 'VideoObject', 'CreativeWork', 'Book', 'WebPage']);
const MAX_TEXT = 200;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };

const isNode = (value: Json | undefined): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: Json | undefined): Json[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Every JSON-LD block's nodes, @graph and nested lists flattened; a block that is not JSON is skipped. */
function jsonLdNodes(html: string): Node[] {
  const nodes: Node[] = [];
  const blocks = html.matchAll(
    /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script\s*>/gi,
  );
  for (const [, text] of blocks) {
    let parsed: Json;
    try {
      parsed = JSON.parse(text!.trim()) as Json;
    } catch {
      continue;
    }
    const queue = listOf(parsed);
    while (queue.length) {
      const item = queue.shift();
      if (!isNode(item)) continue;
      nodes.push(item);
      queue.push(...listOf(item['@graph']));
    }
  }
  return nodes;
}

const typesOf = (node: Node) => listOf(node['@type']).filter((t): t is string => typeof t === 'string');

/** A text of one line, at most MAX_TEXT characters, or undefined. */
function text(value: Json | undefined): string | undefined {
  const first = listOf(value)[0];
  const raw =
    typeof first === 'string' ? first : isNode(first) && typeof first.name === 'string' ? first.name : undefined;
  const clean = raw?.replace(/\s+/g, ' ').trim();
  return clean && clean.length <= MAX_TEXT ? clean : undefined;
}

/** An ISO 8601 duration ("PT22H", "P2DT3H30M", "PT90M") in hours, or undefined. */
export function durationHours(value: Json | undefined): number | undefined {
  const first = listOf(value)[0];
  if (typeof first !== 'string') return undefined;
  const match =
    /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:\d+(?:\.\d+)?S)?)?$/i.exec(
      first.trim(),
    );
  if (!match || first.trim().toUpperCase() === 'P' || first.trim().toUpperCase() === 'PT') return undefined;
  const [, weeks = '0', days = '0', hours = '0', minutes = '0'] = match;
  const total = Number(weeks) * 7 * 24 + Number(days) * 24 + Number(hours) + Number(minutes) / 60;
  return total > 0 ? Math.round(total * 10) / 10 : undefined;
}

/** A date's day ("2024-03-05T10:00:00Z" → "2024-03-05"), or undefined. */
function day(value: Json | undefined): string | undefined {
  const first = listOf(value)[0];
  return typeof first === 'string' && /^\d{4}-\d{2}-\d{2}/.test(first.trim()) ? first.trim().slice(0, 10) : undefined;
}

/** The page's meta `property` or `name` content, or undefined. */
function meta(html: string, key: string): string | undefined {
  for (const tag of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = tag[0];
    const named = /\b(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(attrs)?.[1];
    if (named?.toLowerCase() !== key) continue;
    return /\bcontent\s*=\s*["']([^"']*)["']/i.exec(attrs)?.[1];
  }
  return undefined;
}

/** What the page's JSON-LD (first the node describing the resource) and OpenGraph say; {} when nothing. */
export function courseFactsOf(html: string): CourseFacts {
  const nodes = jsonLdNodes(html);
  const resource =
    nodes.find((node) => typesOf(node).includes('Course')) ??
    nodes.find((node) => typesOf(node).some((type) => RESOURCE_TYPES.has(type)));
  const facts: CourseFacts = {};
  if (resource) {
    const instance = listOf(resource.hasCourseInstance).find(isNode);
    const provider = text(resource.provider) ?? text(resource.publisher) ?? text(resource.sourceOrganization);
    if (provider) facts.provider = provider;
    const hours =
      durationHours(resource.timeRequired) ??
      durationHours(instance?.courseWorkload) ??
      durationHours(resource.duration);
    if (hours !== undefined) facts.hours = hours;
    const skills = listOf(resource.teaches)
      .map((item) => text(item))
      .filter((item): item is string => item !== undefined && item.length <= 60)
      .slice(0, 8);
    if (skills.length) facts.skills = skills;
    const prerequisites = listOf(resource.coursePrerequisites ?? resource.competencyRequired)
      .map((item) => text(item))
      .filter((item): item is string => item !== undefined);
    if (prerequisites.length) facts.prerequisites = prerequisites.join('; ').slice(0, 500);
    const modified = day(resource.dateModified);
    if (modified) facts.lastUpdated = modified;
  }
  if (!facts.lastUpdated) {
    const modified = day(meta(html, 'article:modified_time') ?? meta(html, 'og:updated_time'));
    if (modified) facts.lastUpdated = modified;
  }
  return facts;
}
