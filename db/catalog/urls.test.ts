import { describe, expect, it } from 'vitest';
import { cleanUrl, isHttpUrl, nameFromUrl, slugify, urlKey } from './urls.ts';

describe('URL identity', () => {
  it('ignores scheme, host case, www, trailing slash, fragment, tracking parameters and query order', () => {
    const key = urlKey('https://www.Example.org/course/');
    expect(urlKey('http://example.org/course')).toBe(key);
    expect(urlKey('https://EXAMPLE.org/course/#intro')).toBe(key);
    expect(urlKey('https://example.org/course?utm_source=x&fbclid=y')).toBe(key);
    expect(urlKey('https://example.org/x?b=2&a=1')).toBe(urlKey('https://example.org/x?a=1&b=2'));
    expect(urlKey('https://example.org/course?id=2')).not.toBe(key);
  });

  it('cleans tracking parameters and fragments from the stored URL', () => {
    expect(cleanUrl(' https://Example.org/a?utm_medium=x&id=3#top ')).toBe('https://example.org/a?id=3');
  });

  it('accepts only http(s) URLs with a real host', () => {
    expect(isHttpUrl('https://example.org')).toBe(true);
    expect(isHttpUrl('http://localhost:3000/x')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('ftp://example.org')).toBe(false);
    expect(isHttpUrl('https://nodot')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
  });
});

describe('names and slugs', () => {
  it.each([
    ['https://www.khanacademy.org/computing', 'Khanacademy'],
    ['https://developer.mozilla.org/en-US/', 'Mozilla'],
    ['https://www.open.ac.uk/courses', 'Open'],
    ['https://cs50.harvard.edu/x/', 'CS50 (Harvard)'],
    ['https://learn-distributed-systems.example.org/', 'Learn Distributed Systems'],
    ['https://missing.csail.mit.edu/', 'Missing (MIT)'],
    ['https://missing.csail.mit.edu/2020/', 'Missing (MIT)'],
    ['https://example.org/courses/intro-to-rust.html', 'Intro To Rust'],
    ['https://www.rust-lang.org/learn/get-started', 'Get Started (Rust-lang)'],
    ['https://docs.python.org/3/tutorial/', 'Python Docs'],
    ['https://learn.microsoft.com/en-us/training/', 'Microsoft Learn'],
    ['https://example.org/', 'Example'],
    ['not a url', ''],
    ['https://www.youtube.com/@Fireship', 'Fireship on YouTube'],
    ['https://youtube.com/c/TheNetNinja/videos', 'TheNetNinja on YouTube'],
    ['https://www.youtube.com/watch?v=abc', 'Youtube'],
    ['https://github.com/ossu/computer-science', 'ossu/computer-science'],
    ['https://github.com/sindresorhus', 'sindresorhus on GitHub'],
    ['https://www.coursera.org/learn/machine-learning', 'Machine Learning (Coursera)'],
    ['https://www.udemy.com/course/the-web-developer-bootcamp/', 'The Web Developer Bootcamp (Udemy)'],
    ['https://medium.com/@karpathy/yes-you-should-understand-backprop', 'karpathy on Medium'],
    ['https://dev.to/lydiahallie', 'lydiahallie on DEV'],
    ['https://www.edx.org/learn/computer-science', 'Computer Science (edX)'],
    ['https://jvns.github.io/', 'Jvns'],
    ['https://blog.pragmaticengineer.com/', 'Pragmaticengineer'],
    ['https://eli.thegreenplace.net/', 'Eli (Thegreenplace)'],
    ['https://lethain.substack.com/p/x', 'Lethain'],
  ])('the name of %s is %s', (url, name) => {
    expect(nameFromUrl(url)).toBe(name);
  });

  it('slugs are lowercase ascii words joined by hyphens', () => {
    expect(slugify('  The Odin Project!  ')).toBe('the-odin-project');
    expect(slugify('Café & Crème')).toBe('cafe-creme');
    expect(slugify('🚀')).toBe('content');
  });
});
