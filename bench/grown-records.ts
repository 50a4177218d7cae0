// The grown dataset's records (--dataset grown): a restaurant guide, as a client would send it to
// the REST API. Drawn from one PRNG in a fixed order, so the same seed gives the same content
// whatever order the requests complete in (document ids are the server's).

import type { Prng } from './prng.js';
import { capitalize } from './records.js';
import { FIRST_NAMES, LAST_NAMES, WORDS } from './words.js';

/** The cities restaurants are in, evenly: (c) filters on the first. */
export const CITIES = [
  'Lyon', 'Paris', 'Marseille', 'Bordeaux', 'Lille', 'Nantes', 'Nice', 'Toulouse', 'Strasbourg', 'Rennes',
  'Montpellier', 'Grenoble', 'Dijon', 'Annecy', 'Brest', 'Tours', 'Reims', 'Nancy', 'Metz', 'Rouen',
] as const;

/** A word restaurant names contain about one time in sixty ((e) searches for it). */
export const SEARCH_WORD = 'fork';

const PRICE_RANGES = ['cheap', 'moderate', 'expensive'] as const;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export interface GrownCounts { restaurants: number; chefs: number; files: number; cities: number }

export function grownCounts(restaurants: number): GrownCounts {
  return {
    restaurants,
    chefs: Math.max(20, Math.min(5000, Math.round(restaurants / 10))),
    files: Math.max(20, Math.min(500, Math.round(restaurants / 25))),
    cities: CITIES.length,
  };
}

/** What restaurant records refer to: ids the server gave the files and documents written before. */
export interface GrownPools { files: number[]; chefs: string[]; cities: string[] }

const slugify = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

function sentence(rng: Prng, min: number, max: number): string {
  return `${capitalize(rng.words(WORDS, min, max))}.`;
}

export function cityData(i: number): Record<string, unknown> {
  return { name: CITIES[i % CITIES.length], country: 'France' };
}

export function chefData(rng: Prng, i: number, pools: GrownPools): Record<string, unknown> {
  return {
    fullName: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)} ${i}`,
    bio: sentence(rng, 10, 30),
    ...(rng.chance(0.7) ? { portrait: rng.pick(pools.files) } : {}),
  };
}

function name(rng: Prng, i: number): string {
  const words = [capitalize(rng.pick(WORDS)), capitalize(rng.pick(WORDS))];
  if (rng.chance(1 / 60)) words.splice(rng.int(0, 2), 0, capitalize(SEARCH_WORD));
  return `${words.join(' ')} ${i}`;
}

function section(rng: Prng, pools: GrownPools): Record<string, unknown> {
  switch (rng.int(0, 2)) {
    case 0: return { __component: 'restaurant.text-section', title: capitalize(rng.words(WORDS, 2, 4)), body: `${sentence(rng, 15, 40)}\n\n${sentence(rng, 15, 40)}` };
    case 1: return { __component: 'restaurant.quote', text: sentence(rng, 8, 20), chef: rng.pick(pools.chefs) };
    default: return { __component: 'restaurant.photo-section', photo: rng.pick(pools.files), caption: sentence(rng, 3, 8) };
  }
}

/** A restaurant as its English version is created (published). */
export function restaurantData(rng: Prng, i: number, pools: GrownPools): Record<string, unknown> {
  const title = name(rng, i);
  const opening = Object.fromEntries(DAYS.filter(() => rng.chance(0.85)).map((day) => [day, [`${rng.int(11, 12)}:00-14:30`, `${rng.int(18, 19)}:00-23:00`]]));
  return {
    name: title,
    slug: slugify(title),
    description: sentence(rng, 20, 60),
    story: [
      { type: 'heading', level: 2, children: [{ type: 'text', text: capitalize(rng.words(WORDS, 2, 4)) }] },
      { type: 'paragraph', children: [{ type: 'text', text: sentence(rng, 20, 50) }, { type: 'text', text: ` ${rng.pick(WORDS)}`, bold: true }] },
    ],
    rating: Math.round(rng.next() * 50) / 10,
    priceRange: rng.pick(PRICE_RANGES),
    openingHours: opening,
    photo: rng.pick(pools.files),
    city: pools.cities[i % pools.cities.length],
    chefs: rng.sample(pools.chefs, rng.int(1, 3)),
    details: {
      phone: `+33 4 ${String(rng.int(10, 99))} ${String(rng.int(10, 99))} ${String(rng.int(10, 99))} ${String(rng.int(10, 99))}`,
      email: `contact.${i}@${slugify(rng.pick(WORDS))}.example.com`,
      manager: rng.pick(pools.chefs),
      links: Array.from({ length: rng.int(0, 3) }, () => {
        const word = rng.pick(WORDS);
        return { label: capitalize(word), url: `https://${word}.example.com/${i}` };
      }),
    },
    dishes: Array.from({ length: rng.int(1, 5) }, () => ({
      name: capitalize(rng.words(WORDS, 2, 4)), price: Math.round(rng.next() * 4000 + 500) / 100, vegetarian: rng.chance(0.3),
    })),
    sections: Array.from({ length: rng.int(1, 3) }, () => section(rng, pools)),
  };
}

/** Its French version: the localized fields translated, the same relations and components
 *  (relations and components are localized); the shared fields (rating, photo...) are not sent. */
export function frenchData(rng: Prng, i: number, en: Record<string, unknown>): Record<string, unknown> {
  const title = `${String(en.name)} (fr)`;
  const { rating: _r, priceRange: _p, openingHours: _o, photo: _ph, ...localized } = en;
  return { ...localized, name: title, slug: slugify(title), description: sentence(rng, 20, 60) };
}

/** The edit that leaves one in three restaurants with a draft that differs from what is published. */
export function draftEdit(rng: Prng, en: Record<string, unknown>): Record<string, unknown> {
  return { description: `${sentence(rng, 10, 20)} (draft)`, rating: Math.round(rng.next() * 50) / 10, name: `${String(en.name)} (new)` };
}
