/**
 * Names as their owners spell them, for tags made from other directories' spellings ("Sql", "Mongodb",
 * "Ios Development"): each word of a new tag's label that is one of these, case and punctuation aside, takes
 * this spelling ("SQL", "MongoDB", "iOS Development"). Our own tags keep the labels admins gave them; the seeded
 * ones are spelled so too (JavaScript, TypeScript: migration 0057).
 */
const SPELLINGS = [
  'AI',
  'API',
  'ASP.NET',
  'AWS',
  'CI/CD',
  'CS50',
  'CSS',
  'ChatGPT',
  'DevOps',
  'FastAPI',
  'GCP',
  'GitHub',
  'GitLab',
  'GraphQL',
  'HTML',
  'IoT',
  'JSON',
  'JavaScript',
  'LLM',
  'LLMs',
  'MATLAB',
  'MongoDB',
  'MySQL',
  'Next.js',
  'NoSQL',
  'NumPy',
  'OOP',
  'OpenAI',
  'PHP',
  'PostgreSQL',
  'PyTorch',
  'SQL',
  'SQLite',
  'SaaS',
  'TensorFlow',
  'TypeScript',
  'UI',
  'UX',
  'Vue.js',
  'WebAssembly',
  'YouTube',
  'iOS',
  'iPadOS',
  'jQuery',
  'macOS',
  'scikit-learn',
] as const;

/** A word as it is looked up: case and punctuation aside ("Asp.net" and "ASP.NET" are one). */
const keyOf = (word: string) => word.toLowerCase().replace(/[^a-z0-9]+/g, '');

const BY_KEY = new Map<string, string>(SPELLINGS.map((name) => [keyOf(name), name]));

/** `label` with each word that names a known thing spelled as its owner spells it; the whole label first ("Ci/Cd"). */
export function properSpelling(label: string): string {
  const whole = BY_KEY.get(keyOf(label));
  if (whole) return whole;
  return label
    .split(' ')
    .map((word) => BY_KEY.get(keyOf(word)) ?? word)
    .join(' ');
}
