/**
 * What a content's page says of it to machines: schema.org's LearningResource as JSON-LD (search engines'
 * rich results), and the facets that are fields of their own (Level, …), which the page shows as badges too.
 */
import { choiceLabel, FIELD_FACETS } from '#db/catalog/facets.ts';
import type { Tag } from '#db/catalog/taxonomy.ts';
import type { Facts } from '#db/catalog/validation/facts.ts';

type FieldFacetKey = (typeof FIELD_FACETS)[number]['key'];

/** What is read of a content: what it is, its tags, its cost, certificate and rating, its facets of their own. */
export type DescribedContent = {
  name: string;
  description: string;
  url: string;
  category: readonly Tag[];
  techStack: readonly Tag[];
  type: readonly Tag[];
  cost: string;
  hasCert: boolean;
  rating: number;
  numReviews: number;
} & { readonly [K in FieldFacetKey]: string | null } & Partial<Facts>;

/** The facts that decide, as schema.org's CreativeWork and LearningResource say them (those known only). */
function factsJsonLd(content: Partial<Facts>): Record<string, unknown> {
  return {
    ...(content.provider ? { provider: { '@type': 'Organization', name: content.provider } } : {}),
    ...(content.hours
      ? {
          timeRequired: Number.isInteger(content.hours)
            ? `PT${content.hours}H`
            : `PT${Math.round(content.hours * 60)}M`,
        }
      : {}),
    ...(content.skills?.length ? { teaches: content.skills } : {}),
    ...(content.prerequisites ? { competencyRequired: content.prerequisites } : {}),
    ...(content.lastUpdated ? { dateModified: content.lastUpdated } : {}),
  };
}

/** A facet that is a field of its own (Level, …), where the content has one: a badge leading into search. */
export interface FieldFacetRow {
  key: FieldFacetKey;
  title: string;
  value: string;
  label: string;
  schemaOrg: (typeof FIELD_FACETS)[number]['field']['schemaOrg'];
}

export function fieldFacetRows(content: DescribedContent): FieldFacetRow[] {
  return FIELD_FACETS.flatMap((facet) => {
    const value = content[facet.key];
    return value
      ? [
          {
            key: facet.key,
            title: facet.field.label,
            value,
            label: choiceLabel(facet, value),
            schemaOrg: facet.field.schemaOrg,
          },
        ]
      : [];
  });
}

/**
 * The resource itself, at `canonical` (its page's address), with `image` when it has a real picture: its rating
 * only when there are reviews (an empty rating is invalid), and the schema.org properties of the facets that
 * have one (educationalLevel, …, as db/catalog/facets.ts names them).
 */
export function contentJsonLd(
  content: DescribedContent,
  { canonical, image }: { canonical: string; image: string | undefined },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'LearningResource',
    '@id': canonical,
    name: content.name,
    description: content.description,
    url: content.url,
    mainEntityOfPage: canonical,
    ...(image ? { image } : {}),
    learningResourceType: content.type.map((t) => t.label),
    about: content.category.map((t) => ({ '@type': 'Thing', name: t.label })),
    keywords: content.techStack.map((t) => t.label).join(', '),
    isAccessibleForFree: content.cost !== 'Paid',
    offers: {
      '@type': 'Offer',
      category: content.cost === 'Free' ? 'Free' : content.cost === 'Paid' ? 'Paid' : 'Free with paid options',
      ...(content.cost === 'Free' ? { price: 0, priceCurrency: 'USD' } : {}),
    },
    ...(content.hasCert ? { educationalCredentialAwarded: 'Certificate' } : {}),
    ...Object.fromEntries(
      fieldFacetRows(content).flatMap((row) =>
        row.schemaOrg ? [[row.schemaOrg.property, row[row.schemaOrg.as]]] : [],
      ),
    ),
    ...factsJsonLd(content),
    ...(content.numReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: content.rating,
            reviewCount: content.numReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** JSON-LD as the text of a script element: '<' escaped, so that no text in the data can close the element. */
export const jsonLdText = (jsonLd: unknown): string => JSON.stringify(jsonLd).replace(/</g, '\\u003c');
