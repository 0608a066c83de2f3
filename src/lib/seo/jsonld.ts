/**
 * JSON-LD builders, typed with schema-dts. Structured data always uses the real office numbers,
 * never a tracking number, and never a hard-coded rating.
 */
import type { BlogPosting, BreadcrumbList, FAQPage, Graph, Plumber, Service, Thing, WebSite } from 'schema-dts';
import { cities, company, offices, type Office } from '../../business';
import { toE164 } from '../phone';

export type JsonLd = Thing | Graph;

const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

/** The business id for an office, used to link Service and BlogPosting to their provider. */
export const officeId = (site: string, office: Office): string => `${site.replace(/\/$/, '')}/#office-${office.id}`;

export function plumberOffice(site: string, office: Office): Plumber {
  const served = cities.filter((c) => c.officeId === office.id);
  return {
    '@type': 'Plumber',
    '@id': officeId(site, office),
    name: `${company.name} — ${office.name}`,
    url: site,
    logo: `${site.replace(/\/$/, '')}/logo-512.png`,
    image: `${site.replace(/\/$/, '')}/og/default.png`,
    telephone: toE164(office.phone),
    priceRange: company.payments.priceRange,
    currenciesAccepted: company.payments.currency,
    paymentAccepted: company.payments.accepted.join(', '),
    foundingDate: String(company.foundingYear),
    slogan: company.tagline,
    address: {
      '@type': 'PostalAddress',
      streetAddress: office.street,
      addressLocality: office.city,
      addressRegion: office.region,
      postalCode: office.postalCode,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: office.geo.latitude, longitude: office.geo.longitude },
    hasMap: office.mapUrl,
    openingHoursSpecification: [
      { '@type': 'OpeningHoursSpecification', dayOfWeek: [...dayNames], opens: company.hours.weekdays.opens, closes: company.hours.weekdays.closes },
    ],
    areaServed: served.map((c) => ({ '@type': 'City', name: `${c.name}, TX` })),
    sameAs: company.social.map((s) => s.url),
    hasCredential: { '@type': 'EducationalOccupationalCredential', credentialCategory: 'license', name: `${company.licence.label} ${company.licence.number}` },
  };
}

export function website(site: string): WebSite {
  return { '@type': 'WebSite', '@id': `${site.replace(/\/$/, '')}/#website`, name: company.name, url: site, inLanguage: 'en-US' };
}

export function breadcrumbs(site: string, trail: { name: string; path: string }[]): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, site).toString(),
    })),
  };
}

export function faqPage(faqs: readonly { question: string; answer: string }[]): FAQPage {
  return {
    '@type': 'FAQPage',
    mainEntity: faqs.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
  };
}

export function serviceLd(site: string, input: { name: string; description: string; path: string; areaServed?: string[] }): Service {
  return {
    '@type': 'Service',
    name: input.name,
    description: input.description,
    url: new URL(input.path, site).toString(),
    serviceType: input.name,
    provider: offices.map((o) => ({ '@id': officeId(site, o) })),
    areaServed: (input.areaServed ?? cities.map((c) => `${c.name}, TX`)).map((name) => ({ '@type': 'City', name })),
  };
}

export function blogPosting(site: string, post: { slug: string; title: string; description: string; publishDate: Date; updated?: Date; author: string; category: string; wordCount: number; image?: string }): BlogPosting {
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url: new URL(`/${post.slug}`, site).toString(),
    mainEntityOfPage: new URL(`/${post.slug}`, site).toString(),
    datePublished: post.publishDate.toISOString(),
    dateModified: (post.updated ?? post.publishDate).toISOString(),
    author: { '@type': 'Organization', name: post.author, url: site },
    publisher: { '@type': 'Organization', name: company.name, logo: { '@type': 'ImageObject', url: `${site.replace(/\/$/, '')}/logo-512.png` } },
    image: new URL(post.image ?? '/og/blog.png', site).toString(),
    articleSection: post.category,
    wordCount: post.wordCount,
    inLanguage: 'en-US',
  };
}

/** Wraps nodes in one @graph document. */
export function graph(nodes: Thing[]): Graph {
  return { '@context': 'https://schema.org', '@graph': nodes } as Graph;
}
