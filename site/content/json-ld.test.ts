import { describe, expect, it } from 'vitest';
import { contentJsonLd, fieldFacetRows, jsonLdText, type DescribedContent } from './json-ld.ts';

const content: DescribedContent = {
  name: 'Python for Everybody',
  url: 'https://www.py4e.com/',
  description: 'Learn to program and analyze data with Python.',
  cost: 'Free',
  hasCert: true,
  level: 'beginner',
  language: 'en',
  category: [{ label: 'Programming', value: 'programming' }],
  techStack: [
    { label: 'Python', value: 'python' },
    { label: 'SQL', value: 'sql' },
  ],
  type: [{ label: 'Online Courses', value: 'online-courses' }],
  rating: 4.5,
  numReviews: 12,
};

const canonical = 'https://skillshelf.example/content/python-for-everybody';

describe('fieldFacetRows', () => {
  it('lists the facets of their own the content has, with their labels and schema.org properties', () => {
    expect(fieldFacetRows(content)).toEqual([
      {
        key: 'level',
        title: 'Level',
        value: 'beginner',
        label: 'Beginner',
        schemaOrg: { property: 'educationalLevel', as: 'label' },
      },
      {
        key: 'language',
        title: 'Language',
        value: 'en',
        label: 'English',
        schemaOrg: { property: 'inLanguage', as: 'value' },
      },
    ]);
  });

  it('leaves out the facets the content has none of', () => {
    expect(fieldFacetRows({ ...content, level: null, language: null })).toEqual([]);
  });
});

describe('contentJsonLd', () => {
  it("describes a free resource with a certificate, reviews and a picture, in schema.org's terms", () => {
    const jsonLd = contentJsonLd(content, { canonical, image: 'https://skillshelf.example/images/py4e.png' });
    expect(jsonLd).toEqual({
      '@context': 'https://schema.org',
      '@type': 'LearningResource',
      '@id': canonical,
      name: 'Python for Everybody',
      description: 'Learn to program and analyze data with Python.',
      url: 'https://www.py4e.com/',
      mainEntityOfPage: canonical,
      image: 'https://skillshelf.example/images/py4e.png',
      learningResourceType: ['Online Courses'],
      about: [{ '@type': 'Thing', name: 'Programming' }],
      keywords: 'Python, SQL',
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', category: 'Free', price: 0, priceCurrency: 'USD' },
      educationalCredentialAwarded: 'Certificate',
      educationalLevel: 'Beginner',
      inLanguage: 'en',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12, bestRating: 5, worstRating: 1 },
    });
    // The order of the text: what it is first, then what it is about, then what it costs and how it is rated.
    expect(Object.keys(jsonLd)).toEqual([
      '@context',
      '@type',
      '@id',
      'name',
      'description',
      'url',
      'mainEntityOfPage',
      'image',
      'learningResourceType',
      'about',
      'keywords',
      'isAccessibleForFree',
      'offers',
      'educationalCredentialAwarded',
      'educationalLevel',
      'inLanguage',
      'aggregateRating',
    ]);
  });

  it('leaves out a missing picture, the certificate and an empty rating; a paid resource has no price', () => {
    const paid = { ...content, cost: 'Paid', hasCert: false, numReviews: 0, rating: 0, level: null, language: null };
    const jsonLd = contentJsonLd(paid, { canonical, image: undefined });
    expect(jsonLd).not.toHaveProperty('image');
    expect(jsonLd).not.toHaveProperty('aggregateRating');
    expect(jsonLd).not.toHaveProperty('educationalCredentialAwarded');
    expect(jsonLd).not.toHaveProperty('educationalLevel');
    expect(jsonLd.isAccessibleForFree).toBe(false);
    expect(jsonLd.offers).toEqual({ '@type': 'Offer', category: 'Paid' });
  });

  it('says free with paid options for a freemium resource, which is free to use', () => {
    const jsonLd = contentJsonLd({ ...content, cost: 'Free/Paid' }, { canonical, image: undefined });
    expect(jsonLd.isAccessibleForFree).toBe(true);
    expect(jsonLd.offers).toEqual({ '@type': 'Offer', category: 'Free with paid options' });
  });
});

describe('jsonLdText', () => {
  it('escapes every < so that no text in the data can close the script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
