/**
 * The second relevance catalog (tests/fixtures/relevance/second/): a selection of EbookFoundation's
 * free-programming-books lists (CC BY 4.0), converted once into Skillshelf's JSON import format.
 *   npx node scripts/fpb-second-catalog.ts <git dir of free-programming-books> [commit]
 * Reads five English lists at the commit (git show), takes the sections of SECTIONS below (at most `cap`
 * top-level entries each, evenly spaced over the section in its own order, plus the titles named in
 * `with`), skips archived and dead links and URLs already taken, and maps each section onto our tags.
 * The description is one factual line from the entry's title, authors, section and notes (formats,
 * platform); level only where the title says it (beginner, intermediate, advanced), a certificate only where
 * the title names one the course gives; cost Free (the lists' rule); language en (the English lists).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const [gitDir, commit = '5b277d20f623ce5b2889b16fc9dd5e266536f521'] = process.argv.slice(2);
if (!gitDir) throw new Error('usage: fpb-second-catalog.ts <git dir> [commit]');
const OUT = 'tests/fixtures/relevance/second/catalog.json';

type Kind = 'book' | 'course' | 'interactive' | 'cast';
const FILES: Record<string, { path: string; kind: Kind }> = {
  S: { path: 'books/free-programming-books-subjects.md', kind: 'book' },
  L: { path: 'books/free-programming-books-langs.md', kind: 'book' },
  C: { path: 'courses/free-courses-en.md', kind: 'course' },
  I: { path: 'more/free-programming-interactive-tutorials-en.md', kind: 'interactive' },
  P: { path: 'casts/free-podcasts-screencasts-en.md', kind: 'cast' },
};

// Our categories, short: the labels of the tags table.
const SE = 'Software Engineering';
const CSF = 'Computer Science Fundamentals';
const ALG = 'Algorithms';
const AI = 'Artificial Intelligence';
const ML = 'Machine Learning';
const DS = 'Data Science';
const DA = 'Data Analytics';
const DB = 'Database Administration';
const NET = 'Network Engineering';
const SEC = 'Cybersecurity';
const WEB = 'Web Development';
const MOB = 'Mobile Development';
const OPS = 'DevOps';
const CLOUD = 'Cloud';

interface Section {
  file: keyof typeof FILES;
  heading: string;
  cap: number;
  /** What the section is about, for the description ("A free book on <topic> by …"). */
  topic: string;
  category: string[];
  techStack?: string[];
  /** Titles (as the list writes them) taken besides the evenly spaced ones. */
  with?: string[];
}

const s = (
  file: Section['file'],
  heading: string,
  cap: number,
  topic: string,
  category: string[],
  techStack: string[] = [],
  more: string[] = [],
): Section => ({
  file,
  heading,
  cap,
  topic,
  category,
  techStack,
  with: more,
});

const SECTIONS: Section[] = [
  // Books on subjects, language-agnostic.
  s(
    'S',
    'Algorithms & Data Structures',
    9,
    'algorithms and data structures',
    [ALG, CSF],
    [],
    ['Open Data Structures: An Introduction', 'Algorithms, 4th Edition'],
  ),
  s('S', 'Artificial Intelligence', 6, 'artificial intelligence', [AI]),
  s('S', 'Cloud Computing', 3, 'cloud computing', [CLOUD]),
  s('S', 'Competitive Programming', 2, 'competitive programming', [ALG]),
  s('S', 'Compiler Design', 5, 'compiler design', [CSF], [], ['Crafting Interpreters']),
  s('S', 'Computer Organization and Architecture', 3, 'computer organization and architecture', [CSF]),
  s('S', 'Computer Science', 3, 'computer science', [CSF]),
  s('S', 'Computer Vision', 3, 'computer vision', [AI, ML]),
  s('S', 'Containers', 4, 'containers', [OPS], ['Docker']),
  s('S', 'Data Science', 5, 'data science', [DS]),
  s('S', 'Database', 4, 'databases', [DB]),
  s(
    'S',
    'Machine Learning',
    9,
    'machine learning',
    [ML],
    [],
    ['Dive into Deep Learning', 'Neural Networks and Deep Learning', 'The Elements of Statistical Learning'],
  ),
  s(
    'S',
    'Mathematics For Computer Science',
    3,
    'mathematics for computer science',
    [CSF],
    [],
    ['Mathematics for Computer Science'],
  ),
  s(
    'S',
    'Networking',
    5,
    'computer networking',
    [NET],
    [],
    ['Computer Networks: A Systems Approach', "Beej's Guide to Network Programming - Using Internet Sockets"],
  ),
  s('S', 'Operating Systems', 5, 'operating systems', [CSF], [], ['Operating Systems: Three Easy Pieces']),
  s('S', 'Parallel Programming', 3, 'parallel programming', [CSF]),
  s('S', 'Programming', 3, 'programming', [SE, CSF], [], ['Structure and Interpretation of Computer Programs']),
  s('S', 'Prompt Engineering', 3, 'prompt engineering', [AI]),
  s('S', 'Regular Expressions', 3, 'regular expressions', [SE]),
  s('S', 'Security & Privacy', 7, 'security and privacy', [SEC], [], ['Security Engineering']),
  s('S', 'Software Architecture', 5, 'software architecture', [SE]),
  s('S', 'Theoretical Computer Science', 4, 'theoretical computer science', [CSF]),
  s('S', 'Version Control Systems', 5, 'version control', [SE], ['Git'], ['Pro Git']),
  s('S', 'Web Performance', 2, 'web performance', [WEB]),
  // Books on programming languages and their frameworks.
  s(
    'L',
    'Python',
    8,
    'Python programming',
    [SE],
    ['Python'],
    [
      'Automate the Boring Stuff with Python, 3rd Edition: Practical Programming for Total Beginners',
      'Think Python 3rd Edition',
      'A Byte of Python',
      'Python for Everybody',
      'Python for Data Analysis',
    ],
  ),
  s('L', 'Django', 3, 'the Django web framework', [WEB], ['Python', 'Django']),
  s('L', 'Flask', 2, 'the Flask web framework', [WEB], ['Python', 'Flask']),
  s('L', 'Pandas', 2, 'data analysis with pandas', [DA, DS], ['Python']),
  s(
    'L',
    'JavaScript',
    6,
    'JavaScript',
    [WEB],
    ['Javascript'],
    ['Eloquent JavaScript 4th edition', "You Don't Know JS", 'The Modern JavaScript Tutorial'],
  ),
  s('L', 'Node.js', 4, 'Node.js', [WEB], ['Node.js', 'Javascript']),
  s('L', 'Express.js', 2, 'the Express.js framework', [WEB], ['Express.js', 'Node.js', 'Javascript']),
  s('L', 'React', 5, 'React', [WEB], ['React', 'Javascript']),
  s('L', 'Vue.js', 2, 'Vue.js', [WEB], ['Vue.js', 'Javascript']),
  s('L', 'Next.js', 2, 'Next.js', [WEB], ['Next.js', 'React', 'Javascript']),
  s('L', 'TypeScript', 4, 'TypeScript', [WEB], ['Typescript']),
  s('L', 'Angular', 2, 'Angular', [WEB], ['Angular', 'Typescript']),
  s('L', 'HTML and CSS', 6, 'HTML and CSS', [WEB], ['HTML/CSS']),
  s('L', 'Java', 5, 'Java programming', [SE], ['Java']),
  s('L', 'Spring Boot', 2, 'Spring Boot', [WEB], ['Java', 'Spring']),
  s('L', 'C', 4, 'C programming', [SE], ['C'], ["Beej's Guide to C Programming"]),
  s('L', 'C++', 4, 'C++ programming', [SE], ['C++']),
  s('L', 'C#', 3, 'C# programming', [SE], ['C#']),
  s('L', '.NET Core', 2, '.NET Core', [SE], ['.NET', 'C#']),
  s('L', 'ASP.NET Core', 2, 'ASP.NET Core', [WEB], ['.NET', 'C#']),
  s('L', 'Go', 3, 'the Go programming language', [SE], ['Go'], ['Go by Example', 'Effective Go']),
  s(
    'L',
    'Rust',
    3,
    'the Rust programming language',
    [SE],
    ['Rust'],
    ['The Rust Programming Language', 'Rust by Example'],
  ),
  s('L', 'Haskell', 4, 'Haskell', [SE], ['Haskell'], ['Learn You a Haskell for Great Good']),
  s('L', 'Ruby', 3, 'Ruby programming', [SE], ['Ruby']),
  s('L', 'Ruby on Rails', 3, 'Ruby on Rails', [WEB], ['Rails', 'Ruby']),
  s('L', 'PHP', 4, 'PHP', [WEB], ['PHP']),
  s('L', 'Laravel', 2, 'the Laravel framework', [WEB], ['Laravel', 'PHP']),
  s('L', 'Kotlin', 3, 'Kotlin', [SE], ['Kotlin']),
  s('L', 'Swift', 3, 'Swift', [MOB], ['Swift']),
  s('L', 'Dart', 2, 'Dart', [MOB], ['Dart']),
  s('L', 'Flutter', 3, 'Flutter', [MOB], ['Flutter', 'Dart']),
  s('L', 'Android', 3, 'Android development', [MOB]),
  s('L', 'iOS', 2, 'iOS development', [MOB]),
  s('L', 'SQL (implementation agnostic)', 4, 'SQL', [DB], ['SQL']),
  s('L', 'PostgreSQL', 3, 'PostgreSQL', [DB], ['SQL']),
  s('L', 'MySQL', 2, 'MySQL', [DB], ['SQL']),
  s('L', 'MongoDB', 2, 'MongoDB', [DB], ['MongoDB']),
  s('L', 'NoSQL', 2, 'NoSQL databases', [DB]),
  s('L', 'R', 5, 'the R language', [DS, DA], ['R']),
  s('L', 'Julia', 2, 'Julia', [DS], ['Julia']),
  s('L', 'Scala', 3, 'Scala', [SE], ['Scala']),
  s('L', 'Elixir', 2, 'Elixir', [SE], ['Elixir']),
  s('L', 'Erlang', 1, 'Erlang', [SE], ['Erlang']),
  s('L', 'Clojure', 1, 'Clojure', [SE], ['Clojure']),
  s('L', 'Lisp', 2, 'Lisp', [SE], ['Lisp']),
  s('L', 'Scheme', 1, 'Scheme', [SE], ['Scheme']),
  s('L', 'OCaml', 2, 'OCaml', [SE], ['OCaml']),
  s('L', 'Perl', 2, 'Perl', [SE], ['Perl']),
  s('L', 'Lua', 2, 'Lua', [SE], ['Lua']),
  s('L', 'Assembly Language', 2, 'assembly language', [CSF], ['Assembly']),
  s('L', 'Bash', 3, 'Bash and shell scripting', [OPS], ['Bash'], ['The Linux Command Line']),
  s('L', 'Linux', 3, 'Linux', [OPS], ['Linux']),
  s('L', 'Unix', 1, 'Unix', [OPS], ['Linux']),
  s('L', 'PowerShell', 1, 'PowerShell', [OPS], ['PowerShell']),
  // Courses.
  s('C', '0 - MOOC', 3, 'MOOCs', [CSF]),
  s(
    'C',
    'Algorithms & Data Structures',
    6,
    'algorithms and data structures',
    [ALG, CSF],
    [],
    ["MIT's Introduction to Algorithms (Spring 2020)"],
  ),
  s(
    'C',
    'Artificial Intelligence',
    5,
    'artificial intelligence',
    [AI],
    [],
    ['CS50’s Introduction to Artificial Intelligence with Python'],
  ),
  s('C', 'Generative AI', 2, 'generative AI', [AI]),
  s('C', 'Android', 2, 'Android development', [MOB]),
  s('C', 'iOS', 2, 'iOS development', [MOB]),
  s('C', 'Flutter', 2, 'Flutter', [MOB], ['Flutter', 'Dart']),
  s('C', 'Kotlin', 1, 'Kotlin', [SE], ['Kotlin']),
  s('C', 'Swift', 1, 'Swift', [MOB], ['Swift']),
  s('C', 'Bash / Shell', 2, 'Bash and shell scripting', [OPS], ['Bash']),
  s('C', 'C', 2, 'C programming', [SE], ['C']),
  s('C', 'C#', 2, 'C# programming', [SE], ['C#']),
  s('C', 'C++', 3, 'C++ programming', [SE], ['C++']),
  s('C', 'Go', 2, 'the Go programming language', [SE], ['Go']),
  s('C', 'Rust', 2, 'the Rust programming language', [SE], ['Rust']),
  s('C', 'Haskell', 2, 'Haskell', [SE], ['Haskell']),
  s('C', 'Java', 3, 'Java programming', [SE], ['Java']),
  s('C', 'JavaScript', 4, 'JavaScript', [WEB], ['Javascript']),
  s('C', 'TypeScript', 2, 'TypeScript', [WEB], ['Typescript']),
  s('C', 'React', 3, 'React', [WEB], ['React', 'Javascript']),
  s('C', 'NodeJS', 3, 'Node.js', [WEB], ['Node.js', 'Javascript']),
  s('C', 'Angular', 1, 'Angular', [WEB], ['Angular', 'Typescript']),
  s('C', 'Vue.js', 1, 'Vue.js', [WEB], ['Vue.js', 'Javascript']),
  s('C', 'HTML and CSS', 3, 'HTML and CSS', [WEB], ['HTML/CSS']),
  s('C', 'Web Development', 3, 'web development', [WEB]),
  s('C', 'PHP', 2, 'PHP', [WEB], ['PHP']),
  s(
    'C',
    'Python',
    6,
    'Python programming',
    [SE],
    ['Python'],
    ["CS50's Introduction to Programming Using Python", 'Python for Everybody'],
  ),
  s('C', 'Django', 1, 'the Django web framework', [WEB], ['Python', 'Django']),
  s('C', 'Ruby', 2, 'Ruby programming', [SE], ['Ruby']),
  s('C', 'R', 2, 'the R language', [DS, DA], ['R']),
  s('C', 'Cloud Computing', 2, 'cloud computing', [CLOUD]),
  s('C', 'AWS', 2, 'Amazon Web Services', [CLOUD], ['AWS']),
  s('C', 'Azure', 1, 'Microsoft Azure', [CLOUD], ['Azure']),
  s('C', 'GCP', 1, 'Google Cloud Platform', [CLOUD], ['Google Cloud']),
  s('C', 'Compilers', 2, 'compilers', [CSF]),
  s('C', 'Computer Organization and Architecture', 2, 'computer organization and architecture', [CSF]),
  s(
    'C',
    'Computer Science',
    4,
    'computer science',
    [CSF],
    [],
    ["CS50's Introduction to Computer Science", 'The Missing Semester of Your CS Education'],
  ),
  s('C', 'Cryptography', 2, 'cryptography', [SEC]),
  s('C', 'Data Science', 4, 'data science', [DS]),
  s('C', 'Databases', 3, 'databases', [DB]),
  s('C', 'SQL', 3, 'SQL', [DB], ['SQL'], ['CS50’s Introduction to Databases with SQL']),
  s('C', 'NoSQL', 2, 'NoSQL databases', [DB]),
  s('C', 'Redis', 1, 'Redis', [DB], ['Redis']),
  s('C', 'Deep Learning', 5, 'deep learning', [ML, AI]),
  s('C', 'Machine Learning', 5, 'machine learning', [ML]),
  s('C', 'DevOps', 3, 'DevOps', [OPS]),
  s('C', 'Docker', 2, 'Docker', [OPS], ['Docker']),
  s('C', 'Kubernetes', 2, 'Kubernetes', [OPS, CLOUD], ['Kubernetes']),
  s('C', 'Terraform', 1, 'Terraform', [OPS, CLOUD], ['Terraform']),
  s('C', 'Ansible', 1, 'Ansible', [OPS], ['Ansible']),
  s('C', 'Jenkins', 1, 'Jenkins', [OPS], ['Jenkins']),
  s('C', 'Git', 3, 'Git', [SE], ['Git']),
  s('C', 'Linux', 2, 'Linux', [OPS], ['Linux']),
  s('C', 'Networking', 3, 'computer networking', [NET]),
  s('C', 'Operating Systems', 3, 'operating systems', [CSF]),
  s('C', 'Security', 4, 'security', [SEC]),
  s('C', 'Software Engineering', 2, 'software engineering', [SE]),
  s('C', 'System Design', 2, 'system design', [SE]),
  s('C', 'Theory', 1, 'theoretical computer science', [CSF]),
  // Interactive tutorials.
  s('I', 'Python', 3, 'Python programming', [SE], ['Python']),
  s('I', 'JavaScript', 3, 'JavaScript', [WEB], ['Javascript']),
  s('I', 'SQL', 3, 'SQL', [DB], ['SQL']),
  s('I', 'Git', 2, 'Git', [SE], ['Git'], ['Learn Git Branching']),
  s('I', 'HTML and CSS', 2, 'HTML and CSS', [WEB], ['HTML/CSS']),
  s('I', 'Go', 2, 'the Go programming language', [SE], ['Go']),
  s('I', 'Rust', 2, 'the Rust programming language', [SE], ['Rust']),
  s('I', 'Regular Expressions', 1, 'regular expressions', [SE]),
  // Podcasts and screencasts.
  s('P', 'Language Agnostic', 4, 'software development', [SE]),
  s('P', 'JavaScript', 3, 'JavaScript', [WEB], ['Javascript']),
  s('P', 'Python', 3, 'Python', [SE], ['Python']),
  s('P', 'Data Science', 3, 'data science', [DS]),
  s('P', 'Machine Learning', 2, 'machine learning', [ML]),
  s('P', 'DevOps', 2, 'DevOps', [OPS]),
  s('P', 'Cloud computing', 2, 'cloud computing', [CLOUD]),
  s('P', 'Golang', 2, 'the Go programming language', [SE], ['Go']),
  s('P', 'Rust', 1, 'the Rust programming language', [SE], ['Rust']),
  s('P', 'C++', 2, 'C++', [SE], ['C++']),
];

/** Tech stacks a title names, besides its section's (our labels). */
const TITLE_STACKS: [RegExp, string][] = [
  [/\bpython\b/i, 'Python'],
  [/\bjava\b/i, 'Java'],
  [/javascript|ecmascript|\bES6\b/i, 'Javascript'],
  [/typescript/i, 'Typescript'],
  [/c\+\+/i, 'C++'],
  [/c#/i, 'C#'],
  [/(^|[\s(/])C(?=$|[\s,:)/])/, 'C'],
  [/\bgolang\b|(^|\s)Go(?=$|[\s,:])/, 'Go'],
  [/\brust\b/i, 'Rust'],
  [/\bsql\b|mysql|postgres|sqlite/i, 'SQL'],
  [/kotlin/i, 'Kotlin'],
  [/\bswift\b/i, 'Swift'],
  [/\bphp\b/i, 'PHP'],
  [/\bruby\b/i, 'Ruby'],
  [/\brails\b/i, 'Rails'],
  [/node\.?js/i, 'Node.js'],
  [/\breact\b/i, 'React'],
  [/docker/i, 'Docker'],
  [/kubernetes/i, 'Kubernetes'],
  [/\bhtml\b|\bcss\b/i, 'HTML/CSS'],
  [/flutter/i, 'Flutter'],
  [/(^|\s)R(?=$|[\s,:])/, 'R'],
];

const LEVELS: [RegExp, string][] = [
  [/beginner|\bnewbies?\b/i, 'beginner'],
  [/\bintermediate\b/i, 'intermediate'],
  [/\badvanced\b/i, 'advanced'],
];

interface Entry {
  title: string;
  url: string;
  authors: string;
  notes: string[];
}

const unbackslash = (text: string) => text.replace(/\\(.)/g, '$1');

function sections(markdown: string): Map<string, Entry[]> {
  const out = new Map<string, Entry[]>();
  let list: Entry[] = [];
  for (const line of markdown.split('\n')) {
    const heading = line.match(/^#{3,4} (.*)$/);
    if (heading) {
      list = [];
      out.set(unbackslash(heading[1]!.replace(/<a [^>]*><\/a>/g, '')).trim(), list);
      continue;
    }
    const item = line.match(/^\* \[(.+?)\]\((https?:\/\/[^)\s]+)\)(.*)$/);
    if (!item) continue;
    const rest = unbackslash(item[3]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*/g, ''));
    if (/archived|dead link/i.test(rest) || /web\.archive\.org/.test(item[2]!)) continue;
    const authors =
      rest
        .match(/^\s*-\s+([^(]*)/)?.[1]
        ?.trim()
        .replace(/,$/, '') ?? '';
    const notes = [...rest.matchAll(/\(([^()]*)\)/g)].map((m) => m[1]!.trim()).filter((n) => n && !/^:/.test(n));
    list.push({ title: unbackslash(item[1]!).trim(), url: item[2]!, authors, notes });
  }
  return out;
}

/** The import's rule for "the same website", roughly: scheme, www. and a trailing slash do not count. */
const urlKey = (url: string) =>
  url
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();

const FORMAT =
  /^(?:(?:HTML|PDF|EPUB|MOBI|Kindle|AZW3|ODT|DOCX|Markdown|LaTeX|gitbook|livebook|IPYNB|PS|DjVu)(?:,\s*|$))+$/i;
const LICENCE = /^(CC |GFDL|MIT|GPL|Apache|public domain)/i;

function description(kind: Kind, topic: string, e: Entry): string {
  const who = e.authors
    .replace(/^by\s+/i, '')
    .replace(/`edt\.:`\s*/, '')
    .replace(/\s+-$/, '')
    .replace(/\s+/g, ' ');
  const by =
    !who || /^various$/i.test(who)
      ? ''
      : /^(compiled from|based on)\b/i.test(who)
        ? `, ${who[0]!.toLowerCase()}${who.slice(1)}`
        : ` by ${who}`;
  const formats = e.notes.filter((n) => FORMAT.test(n)).join(', ');
  const others = e.notes.filter(
    (n) => !FORMAT.test(n) && !LICENCE.test(n) && !/email|account|requested|in process|^\d/i.test(n),
  );
  const notes = (list: string[]) => (list.length ? ` (${list.join(', ')})` : '');
  let text: string;
  if (kind === 'book') text = `A free book on ${topic}${by}${formats ? ` (${formats})` : ''}`;
  else if (kind === 'interactive') text = `A free interactive tutorial on ${topic}${by}${notes(others)}`;
  else if (kind === 'cast')
    text = `${e.notes.includes('podcast') ? 'A podcast' : 'A free screencast series'} on ${topic}${who ? ` with ${who}` : ''}`;
  else text = `A free${/youtube\.com|youtu\.be/.test(e.url) ? ' video' : ''} course on ${topic}${by}${notes(others)}`;
  return `${text}.`.replace(/\.\.$/, '.');
}

function types(kind: Kind, section: Section, e: Entry): string[] {
  if (kind === 'book') return ['Text-Based Resources'];
  if (kind === 'interactive') return ['Coding Practice'];
  if (kind === 'cast') return e.notes.includes('podcast') ? ['Podcasts'] : ['Video Lectures'];
  const out = ['Online Courses'];
  if (/youtube\.com|youtu\.be/.test(e.url)) out.push('Video Lectures');
  if (section.heading === '0 - MOOC' || /coursera\.org|edx\.org/.test(e.url)) out.push('MOOC');
  return out;
}

const files = Object.fromEntries(
  Object.entries(FILES).map(([key, f]) => [
    key,
    sections(execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${f.path}`], { encoding: 'utf8' })),
  ]),
);
const seen = new Set<string>();
const rows: object[] = [];
for (const section of SECTIONS) {
  const entries = files[section.file]!.get(section.heading);
  if (!entries) throw new Error(`no section ${section.heading} in ${FILES[section.file]!.path}`);
  const fresh = entries.filter((e) => !seen.has(urlKey(e.url)));
  const picked = new Set<Entry>();
  const n = Math.min(section.cap, fresh.length);
  for (let i = 0; i < n; i++) picked.add(fresh[Math.floor(((i + 0.5) * fresh.length) / n)]!);
  for (const title of section.with ?? []) {
    const e = entries.find((x) => x.title === title);
    if (!e) throw new Error(`no entry "${title}" in ${section.heading}`);
    picked.add(e); // left out below when an earlier section took its URL (it is not in `fresh`)
  }
  const kind = FILES[section.file]!.kind;
  for (const e of fresh.filter((x) => picked.has(x))) {
    if (seen.has(urlKey(e.url))) continue;
    seen.add(urlKey(e.url));
    const stacks = new Set(section.techStack);
    for (const [re, label] of TITLE_STACKS) if (re.test(e.title)) stacks.add(label);
    const level = LEVELS.find(([re]) => re.test(e.title))?.[1];
    rows.push({
      name: e.title,
      url: e.url,
      description: description(kind, section.topic, e),
      category: section.category,
      techStack: [...stacks],
      type: types(kind, section, e),
      cost: 'Free',
      // The title says so: freeCodeCamp's "… Certification", "… with Microsoft Certification".
      hasCert: /\bCertification$|\bwith \w+ Certification\b/.test(e.title),
      ...(level ? { level } : {}),
      language: 'en',
    });
  }
}
mkdirSync('tests/fixtures/relevance/second', { recursive: true });
writeFileSync(OUT, `${JSON.stringify(rows, null, 2)}\n`);
console.log(`${rows.length} rows written to ${OUT}`);
