// REST `filters`: every operator on every kind of scalar, through relations (both sides, depth 1
// to 3), components and logical groups, against the hand-made data set of fixtures/seed.ts.
// Expected documents are written out by hand, in id order (no sort given => ascending id).
// Our negative operators ($ne, $nei, $notIn, $notContains, $notContainsi) keep rows whose value is
// NULL, unlike Strapi; `$eq` with null (and `$ne` with null) mean $null / $notNull.

import { errorCases, listCases, useSeeded, type ErrorCase, type ListCase } from './fixtures/seed.js';

const ALL = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
const allBut = (...keys: string[]): string[] => ALL.filter((k) => !keys.includes(k));

describe('REST query: filters', () => {
  const get = useSeeded();

  describe('$eq and implicit equality', () => {
    const cases: ListCase[] = [
      { q: 'filters[title][$eq]=Foxtrot plain', expect: ['foxtrot'] },
      { q: 'filters[title][$eq]=foxtrot plain', expect: [], why: 'case-sensitive' },
      { q: 'filters[title]=Foxtrot plain', expect: ['foxtrot'], why: 'implicit $eq' },
      { q: 'filters[title][$eq]=Foxtrot plain ', expect: [], why: 'trailing spaces matter' },
      { q: 'filters[title][$in][0]=foxtrot plain&filters[title][$in][1]=HOTEL LAST ONE', expect: [], why: '$in is case-sensitive' },
      { q: 'filters[title][$ne]=foxtrot plain', expect: ALL, why: '$ne is case-sensitive' },
      { q: 'filters[title][$eq]=Echo Café déjà vu', expect: ['echo'], why: 'unicode' },
      { q: 'filters[description][$eq]=C:\\temp\\file', expect: ['charlie'], why: 'backslashes' },
      { q: 'filters[readingTime][$eq]=12', expect: ['bravo', 'charlie'] },
      { q: 'filters[readingTime]=12', expect: ['bravo', 'charlie'], why: 'implicit $eq on a number' },
      { q: 'filters[rating][$eq]=4.5', expect: ['alpha', 'golf'] },
      { q: 'filters[price][$eq]=10', expect: ['alpha', 'hotel'] },
      { q: 'filters[price][$eq]=0', expect: ['foxtrot'] },
      { q: 'filters[views][$eq]=9007199254740993', expect: ['alpha'], why: 'biginteger beyond 2^53' },
      { q: 'filters[featured][$eq]=true', expect: ['alpha', 'charlie', 'echo', 'golf'] },
      { q: 'filters[featured]=false', expect: ['bravo', 'delta', 'foxtrot'], why: 'implicit $eq on a boolean' },
      { q: 'filters[featured][$eq]=1', expect: ['alpha', 'charlie', 'echo', 'golf'], why: 'boolean-like 1' },
      { q: 'filters[reviewState][$eq]=archived', expect: ['charlie', 'golf'] },
      { q: 'filters[publishDate][$eq]=2024-03-01', expect: ['bravo', 'foxtrot'] },
      { q: 'filters[price][$eq]', expect: ['delta'], why: '$eq null means $null' },
      { q: 'filters[price]', expect: ['delta'], why: 'implicit $eq null' },
      { q: "filters[title][$eq]=' OR '1'='1", expect: [], why: 'a quote is a value, not SQL' },
    ];
    listCases(get, cases);
  });

  describe('$eqi', () => {
    listCases(get, [
      { q: 'filters[title][$eqi]=FOXTROT PLAIN', expect: ['foxtrot'] },
      { q: 'filters[title][$eqi]=foxtrot', expect: [], why: 'whole value, not a prefix' },
      { q: 'filters[reviewState][$eqi]=ARCHIVED', expect: ['charlie', 'golf'], why: 'enumeration' },
      { q: 'filters[title][$eqi]=echo café DÉJÀ VU', expect: ['echo'], why: 'non-ASCII case folding' },
    ]);
  });

  describe('$ne and $nei (NULLs included)', () => {
    listCases(get, [
      { q: 'filters[title][$ne]=Foxtrot plain', expect: allBut('foxtrot') },
      { q: 'filters[reviewState][$ne]=approved', expect: ['bravo', 'charlie', 'foxtrot', 'golf', 'hotel'], why: 'hotel is NULL' },
      { q: 'filters[readingTime][$ne]=5', expect: ['bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'], why: 'delta is NULL' },
      { q: 'filters[featured][$ne]=true', expect: ['bravo', 'delta', 'foxtrot', 'hotel'], why: 'hotel is NULL' },
      { q: 'filters[publishDate][$ne]=2024-01-15', expect: ['bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf'] },
      { q: 'filters[price][$ne]', expect: allBut('delta'), why: '$ne null means $notNull' },
      { q: 'filters[description][$nei]=PERCENT FREE', expect: allBut('foxtrot'), why: 'bravo and hotel are NULL' },
      { q: 'filters[title][$nei]=alpha 100% pure', expect: allBut('alpha') },
    ]);
  });

  describe('$lt, $lte, $gt, $gte', () => {
    listCases(get, [
      { q: 'filters[readingTime][$lt]=8', expect: ['alpha', 'echo', 'hotel'] },
      { q: 'filters[readingTime][$lte]=8', expect: ['alpha', 'echo', 'foxtrot', 'hotel'] },
      { q: 'filters[readingTime][$gt]=12', expect: ['golf'] },
      { q: 'filters[readingTime][$gte]=12', expect: ['bravo', 'charlie', 'golf'] },
      { q: 'filters[readingTime][$gt]=-1', expect: allBut('delta'), why: 'negative operand' },
      { q: 'filters[rating][$gt]=4.5', expect: ['echo'] },
      { q: 'filters[rating][$gte]=4.5', expect: ['alpha', 'echo', 'golf'] },
      { q: 'filters[rating][$lt]=2.5', expect: ['foxtrot'] },
      { q: 'filters[price][$lt]=10', expect: ['charlie', 'foxtrot'] },
      { q: 'filters[price][$lte]=10', expect: ['alpha', 'charlie', 'foxtrot', 'hotel'] },
      { q: 'filters[price][$gt]=25.4', expect: ['bravo', 'echo'] },
      { q: 'filters[views][$gt]=9007199254740992', expect: ['alpha'], why: 'biginteger precision' },
      { q: 'filters[views][$gte]=9007199254740992', expect: ['alpha', 'golf'] },
      { q: 'filters[views][$lt]=250', expect: ['echo', 'foxtrot', 'hotel'] },
      { q: 'filters[views][$lte]=250', expect: ['bravo', 'echo', 'foxtrot', 'hotel'] },
      { q: 'filters[title][$lt]=C', expect: ['alpha', 'bravo'], why: 'strings' },
      { q: 'filters[title][$gte]=Golf', expect: ['golf', 'hotel'] },
      { q: 'filters[publishDate][$lt]=2024-01-15', expect: ['charlie'] },
      { q: 'filters[publishDate][$lte]=2024-01-15', expect: ['alpha', 'charlie', 'hotel'] },
      { q: 'filters[publishDate][$gt]=2024-03-01', expect: ['echo', 'golf'] },
      { q: 'filters[publishDate][$gte]=2024-03-01', expect: ['bravo', 'echo', 'foxtrot', 'golf'] },
    ]);
  });

  describe('$in and $notIn (NULLs included by $notIn)', () => {
    listCases(get, [
      { q: 'filters[readingTime][$in][0]=3&filters[readingTime][$in][1]=20', expect: ['echo', 'golf'] },
      { q: 'filters[readingTime][$in]=12', expect: ['bravo', 'charlie'], why: 'a single value' },
      { q: 'filters[readingTime][0]=5&filters[readingTime][1]=8', expect: ['alpha', 'foxtrot', 'hotel'], why: 'an array means $in' },
      { q: 'filters[title][$in][0]=Hotel last one&filters[title][$in][1]=Bravo snake_case', expect: ['bravo', 'hotel'] },
      { q: 'filters[reviewState][$in][0]=archived&filters[reviewState][$in][1]=draft-review', expect: ['bravo', 'charlie', 'foxtrot', 'golf'] },
      { q: 'filters[featured][$in][0]=false', expect: ['bravo', 'delta', 'foxtrot'] },
      { q: 'filters[publishDate][$in][0]=2023-12-31&filters[publishDate][$in][1]=2025-01-01', expect: ['charlie', 'golf'] },
      { q: 'filters[views][$in][0]=9007199254740993&filters[views][$in][1]=7', expect: ['alpha', 'foxtrot'] },
      { q: 'filters[readingTime][$notIn][0]=5&filters[readingTime][$notIn][1]=12', expect: ['delta', 'echo', 'foxtrot', 'golf'], why: 'delta is NULL' },
      { q: 'filters[reviewState][$notIn][0]=approved', expect: ['bravo', 'charlie', 'foxtrot', 'golf', 'hotel'], why: 'hotel is NULL' },
      { q: 'filters[title][$notIn][0]=Alpha 100% Pure&filters[title][$notIn][1]=Golf UPPER lower', expect: allBut('alpha', 'golf') },
    ]);
  });

  describe('$contains, $notContains, $containsi, $notContainsi (LIKE escaping, NULLs)', () => {
    listCases(get, [
      { q: 'filters[title][$contains]=quantum', expect: ['delta'], why: 'case-sensitive' },
      { q: 'filters[title][$contains]=QUANTUM', expect: ['charlie'], why: 'case-sensitive' },
      { q: 'filters[title][$contains]=%', expect: ['alpha'], why: '% is a literal' },
      { q: 'filters[title][$contains]=0%', expect: ['alpha'] },
      { q: 'filters[title][$contains]=_', expect: ['bravo'], why: '_ is a literal' },
      { q: 'filters[description][$contains]=\\', expect: ['charlie'], why: 'backslash is a literal' },
      { q: 'filters[description][$contains]=:\\t', expect: ['charlie'] },
      { q: 'filters[title][$contains]=é', expect: ['echo'] },
      { q: 'filters[description][$contains]=percent', expect: ['foxtrot', 'golf'] },
      { q: "filters[title][$contains]=%' OR 1=1 --", expect: [] },
      { q: 'filters[reviewState][$contains]=view', expect: ['bravo', 'foxtrot'], why: 'enumeration' },
      { q: 'filters[description][$notContains]=percent', expect: ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'hotel'], why: 'bravo and hotel are NULL' },
      { q: 'filters[title][$notContains]=%', expect: allBut('alpha') },
      { q: 'filters[title][$containsi]=QuAnTuM', expect: ['charlie', 'delta'] },
      { q: 'filters[description][$containsi]=percent', expect: ['alpha', 'foxtrot', 'golf'] },
      { q: 'filters[title][$containsi]=%', expect: ['alpha'], why: '% is a literal' },
      { q: 'filters[title][$containsi]=_CASE', expect: ['bravo'], why: '_ is a literal' },
      { q: 'filters[description][$containsi]=über', expect: ['echo'], why: 'non-ASCII case folding' },
      { q: 'filters[description][$notContainsi]=PERCENT', expect: ['bravo', 'charlie', 'delta', 'echo', 'hotel'], why: 'bravo and hotel are NULL' },
      { q: 'filters[title][$notContainsi]=_', expect: allBut('bravo') },
    ]);
  });

  describe('$startsWith, $startsWithi, $endsWith, $endsWithi', () => {
    listCases(get, [
      { q: 'filters[title][$startsWith]=Go', expect: ['golf'] },
      { q: 'filters[title][$startsWith]=go', expect: [], why: 'case-sensitive' },
      { q: 'filters[title][$startsWith]=Alpha 100%', expect: ['alpha'] },
      { q: 'filters[title][$startsWith]=%', expect: [], why: '% is a literal' },
      { q: 'filters[description][$startsWith]=C:\\', expect: ['charlie'] },
      { q: 'filters[reviewState][$startsWith]=draft', expect: ['bravo', 'foxtrot'] },
      { q: 'filters[title][$startsWithi]=go', expect: ['golf'] },
      { q: 'filters[title][$startsWithi]=ALPHA 100%', expect: ['alpha'] },
      { q: 'filters[title][$endsWith]=Leap', expect: ['charlie'] },
      { q: 'filters[title][$endsWith]=leap', expect: [], why: 'case-sensitive' },
      { q: 'filters[title][$endsWith]=_case', expect: ['bravo'] },
      { q: 'filters[title][$endsWith]=_', expect: [], why: '_ is a literal' },
      { q: 'filters[title][$endsWithi]=LEAP', expect: ['charlie'] },
      { q: 'filters[title][$endsWithi]=ONE', expect: ['hotel'] },
      { q: 'filters[title][$endsWithi]=DÉJÀ VU', expect: ['echo'], why: 'non-ASCII case folding' },
    ]);
  });

  describe('$null, $notNull, $between', () => {
    listCases(get, [
      { q: 'filters[rating][$null]=true', expect: ['charlie', 'hotel'] },
      { q: 'filters[rating][$null]=false', expect: allBut('charlie', 'hotel') },
      { q: 'filters[description][$null]=true', expect: ['bravo', 'hotel'] },
      { q: 'filters[publishDate][$null]=1', expect: ['delta'] },
      { q: 'filters[featured][$null]=t', expect: ['hotel'] },
      { q: 'filters[reviewState][$null]=true', expect: ['hotel'] },
      { q: 'filters[views][$null]=true', expect: ['delta'] },
      { q: 'filters[metadata][$null]=true', expect: ALL, why: 'json' },
      { q: 'filters[views][$notNull]=true', expect: allBut('delta') },
      { q: 'filters[price][$notNull]=true', expect: allBut('delta') },
      { q: 'filters[readingTime][$notNull]=false', expect: ['delta'] },
      { q: 'filters[rating][$between][0]=2.5&filters[rating][$between][1]=4.5', expect: ['alpha', 'bravo', 'delta', 'golf'], why: 'bounds included' },
      { q: 'filters[readingTime][$between][0]=5&filters[readingTime][$between][1]=8', expect: ['alpha', 'foxtrot', 'hotel'] },
      { q: 'filters[publishDate][$between][0]=2024-01-01&filters[publishDate][$between][1]=2024-03-01', expect: ['alpha', 'bravo', 'foxtrot', 'hotel'] },
      { q: 'filters[title][$between][0]=B&filters[title][$between][1]=D', expect: ['bravo', 'charlie'] },
      { q: 'filters[views][$between][0]=1000&filters[views][$between][1]=9007199254740992', expect: ['charlie', 'golf'] },
    ]);
  });

  describe('datetimes, timestamps, times and emails (authors)', () => {
    const cases: ListCase[] = [
      { q: 'filters[joinedAt][$eq]=2021-03-04T05:06:07.000Z', expect: ['ada'] },
      { q: 'filters[joinedAt][$eq]=2021-03-04T07:06:07+02:00', expect: ['ada'], why: 'offset converted to UTC' },
      { q: 'filters[joinedAt][$gt]=2022-06-15T12:00:00.000Z', expect: ['alan'] },
      { q: 'filters[joinedAt][$gte]=2022-06-15T12:00:00Z', expect: ['grace', 'alan'] },
      { q: 'filters[joinedAt][$lt]=2022-01-01', expect: ['ada'], why: 'a date is midnight UTC' },
      { q: 'filters[joinedAt][$lte]=2022-06-15 12:00:00', expect: ['ada', 'grace'], why: 'no zone means UTC' },
      { q: 'filters[joinedAt][$between][0]=2021-01-01T00:00:00Z&filters[joinedAt][$between][1]=2022-12-31T23:59:59Z', expect: ['ada', 'grace'] },
      { q: 'filters[joinedAt][$ne]=2021-03-04T05:06:07.000Z', expect: ['grace', 'emile', 'alan'], why: 'emile is NULL' },
      { q: 'filters[joinedAt][$in][0]=2023-01-01T00:00:00.000Z&filters[joinedAt][$in][1]=2021-03-04T05:06:07Z', expect: ['ada', 'alan'] },
      { q: 'filters[joinedAt][$null]=true', expect: ['emile'] },
      { q: 'filters[lastSeen][$lt]=2024-05-01T12:00:00Z', expect: ['ada'], why: 'timestamp' },
      { q: 'filters[lastSeen][$notNull]=true', expect: ['ada', 'alan'] },
      { q: 'filters[preferredTime][$eq]=09:00', expect: ['ada'], why: 'time' },
      { q: 'filters[preferredTime][$gt]=09:00', expect: ['grace', 'alan'] },
      { q: 'filters[preferredTime][$lt]=14:30:00.000', expect: ['ada', 'alan'] },
      { q: 'filters[name][$eq]=Émile Zola', expect: ['emile'] },
      { q: 'filters[name][$eq]=Emile Zola', expect: [], why: 'accents matter' },
      { q: 'filters[name][$eqi]=ÉMILE ZOLA', expect: ['emile'], why: 'non-ASCII case folding' },
      { q: 'filters[email][$endsWith]=@example.com', expect: ['ada', 'grace', 'emile', 'alan'] },
      { q: 'filters[email][$eq]=grace@example.com', expect: ['grace'] },
      { q: 'filters[bio][$containsi]=program', expect: ['ada'] },
    ];
    listCases(get, cases.map((c) => ({ ...c, api: 'authors' as const })));
  });

  describe('through relations', () => {
    listCases(get, [
      { q: 'filters[category][name][$eq]=Physics', expect: ['alpha', 'foxtrot'] },
      { q: 'filters[category][name]=Physics', expect: ['alpha', 'foxtrot'], why: 'implicit $eq' },
      { q: 'filters[category][name][$startsWith]=Quantum', expect: ['bravo', 'golf'] },
      { q: 'filters[category][id][$eq]={id:science}', expect: ['charlie'] },
      { q: 'filters[category][documentId][$eq]={doc:physics}', expect: ['alpha', 'foxtrot'] },
      { q: 'filters[category][documentId]={doc:cooking}', expect: ['echo'] },
      { q: 'filters[authors][name][$eq]=Grace Hopper', expect: ['alpha', 'bravo', 'charlie', 'golf'], why: 'to-many, no duplicates' },
      { q: 'filters[authors][name][$eq]=Ada Lovelace', expect: ['alpha', 'charlie', 'foxtrot', 'golf'] },
      { q: 'filters[authors][email][$in][0]=alan@example.com&filters[authors][email][$in][1]=emile@example.com', expect: ['charlie', 'echo'] },
      { q: 'filters[authors][joinedAt][$null]=true', expect: ['charlie', 'delta', 'hotel'], why: 'or no author at all, as a LEFT JOIN answers' },
      { q: 'filters[authors][name][$containsi]=a', expect: ['alpha', 'bravo', 'charlie', 'echo', 'foxtrot', 'golf'], why: 'articles without authors never match' },
      { q: 'filters[category][parent][name][$eq]=Science', expect: ['alpha', 'foxtrot'], why: 'depth 2' },
      { q: 'filters[category][parent][parent][name][$eq]=Science', expect: ['bravo', 'golf'], why: 'depth 3' },
      { q: 'filters[category][parent][id][$notNull]=true', expect: ['alpha', 'bravo', 'foxtrot', 'golf'] },
      { q: 'filters[authors][spotlight][title][$startsWith]=Charlie', expect: ['alpha', 'charlie', 'foxtrot', 'golf'], why: 'to-many then to-one' },
      { q: 'filters[spotlightOf][name][$eq]=Grace Hopper', expect: ['alpha'], why: 'inverse one-to-one' },
      { q: 'filters[spotlightOf][name][$notNull]=true', expect: ['alpha', 'charlie'] },
      { q: 'filters[related][title][$startsWith]=Echo', expect: ['charlie'], why: 'self relation' },
      { q: 'filters[related][category][name][$eq]=Physics', expect: ['charlie'] },
      { q: 'filters[articles][title][$eq]=Foxtrot plain', api: 'categories', expect: ['physics'], why: 'inverse one-to-many' },
      { q: 'filters[articles][readingTime][$gte]=12', api: 'categories', expect: ['science', 'quantum'] },
      { q: 'filters[articles][authors][name][$eq]=Alan Turing', api: 'categories', expect: ['cooking'], why: 'inverse then to-many' },
      { q: 'filters[parent][name][$eq]=Physics', api: 'categories', expect: ['quantum'], why: 'unidirectional many-to-one' },
      { q: 'filters[parent][parent][name][$eq]=Science', api: 'categories', expect: ['quantum'] },
      { q: 'filters[featuredArticle][title][$startsWith]=Charlie', api: 'categories', expect: ['science'], why: 'unidirectional one-to-one' },
      { q: 'filters[articles][title][$startsWith]=Echo', api: 'authors', expect: ['alan'], why: 'inverse many-to-many' },
      { q: 'filters[articles][category][name][$eq]=Physics', api: 'authors', expect: ['ada', 'grace'] },
      { q: 'filters[spotlight][category][parent][name][$eq]=Science', api: 'authors', expect: ['grace'] },
    ]);
  });

  describe('through components', () => {
    listCases(get, [
      { q: 'filters[seo][metaTitle][$containsi]=seo', expect: ['alpha', 'bravo'] },
      { q: 'filters[seo][metaTitle][$eq]=Delta Meta', expect: ['delta'] },
      { q: 'filters[seo][metaDescription][$null]=true', expect: ['bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'], why: 'or no seo component at all' },
      { q: 'filters[seo][openGraph][ogType][$eq]=website', expect: ['alpha'], why: 'nested component' },
      { q: 'filters[seo][openGraph][ogTitle][$endsWith]=OG', expect: ['alpha', 'delta'] },
      { q: 'filters[links][label][$eq]=Notes', api: 'authors', expect: ['ada'], why: 'repeatable component' },
      { q: 'filters[links][url][$contains]=notes', api: 'authors', expect: ['ada'] },
    ]);
  });

  describe('$or, $and, $not', () => {
    listCases(get, [
      { q: 'filters[$or][0][readingTime][$eq]=3&filters[$or][1][title][$startsWith]=Golf', expect: ['echo', 'golf'] },
      {
        q: 'filters[$or][0][category][name][$eq]=Physics&filters[$or][1][category][name][$eq]=Cooking&filters[featured][$eq]=true',
        expect: ['alpha', 'echo'], why: '$or and a top-level filter',
      },
      { q: 'filters[$and][0][featured][$eq]=true&filters[$and][1][rating][$gte]=4.5', expect: ['alpha', 'echo', 'golf'] },
      { q: 'filters[$not][category][name][$eq]=Physics', expect: ['bravo', 'charlie', 'delta', 'echo', 'golf', 'hotel'], why: 'articles without a category included' },
      { q: 'filters[category][$not][name][$eq]=Physics', expect: ['bravo', 'charlie', 'echo', 'golf'], why: '$not inside the relation' },
      { q: 'filters[title][$not][$startsWith]=A', expect: allBut('alpha'), why: '$not on a field' },
      { q: 'filters[$not][reviewState][$eq]=archived&filters[featured][$eq]=true', expect: ['alpha', 'echo'] },
      { q: 'filters[category][$or][0][name][$eq]=Physics&filters[category][$or][1][name][$eq]=Science', expect: ['alpha', 'charlie', 'foxtrot'] },
      { q: 'filters[readingTime][$or][0][$eq]=3&filters[readingTime][$or][1][$eq]=20', expect: ['echo', 'golf'], why: '$or on a field' },
      {
        q: 'filters[$and][0][$or][0][reviewState][$eq]=approved&filters[$and][0][$or][1][reviewState][$eq]=archived'
          + '&filters[$and][1][$or][0][readingTime][$lt]=5&filters[$and][1][$or][1][readingTime][$gt]=12',
        expect: ['echo', 'golf'], why: '$and of $or',
      },
      {
        q: 'filters[$or][0][$and][0][featured][$eq]=true&filters[$or][0][$and][1][readingTime][$lt]=5'
          + '&filters[$or][1][$and][0][featured][$eq]=false&filters[$or][1][$and][1][readingTime][$gt]=10',
        expect: ['bravo', 'echo'], why: '$or of $and',
      },
      {
        q: 'filters[$not][$or][0][title][$startsWith]=A&filters[$not][$or][1][category][name][$eq]=Physics',
        expect: ['bravo', 'charlie', 'delta', 'echo', 'golf', 'hotel'], why: '$not of $or',
      },
      {
        q: 'filters[$or][0][authors][name][$eq]=Alan Turing&filters[$or][1][category][parent][name][$eq]=Physics&filters[readingTime][$gte]=5',
        expect: ['bravo', 'golf'], why: '$or through relations and a top-level filter',
      },
      {
        q: 'filters[authors][$or][0][name][$startsWith]=Alan&filters[authors][$or][1][$and][0][email][$startsWith]=emile',
        expect: ['charlie', 'echo'], why: '$or with a nested $and inside a relation',
      },
      { q: 'filters[$or][0][id][$eq]={id:alpha}&filters[$or][1][documentId][$eq]={doc:hotel}', expect: ['alpha', 'hotel'] },
    ]);
  });

  describe('id and documentId', () => {
    listCases(get, [
      { q: 'filters[id][$eq]={id:charlie}', expect: ['charlie'] },
      { q: 'filters[id]={id:delta}', expect: ['delta'] },
      { q: 'filters[id][$in][0]={id:alpha}&filters[id][$in][1]={id:hotel}', expect: ['alpha', 'hotel'] },
      { q: 'filters[id][$gt]={id:foxtrot}', expect: ['golf', 'hotel'] },
      { q: 'filters[id][$notIn][0]={id:alpha}&filters[id][$notIn][1]={id:bravo}', expect: allBut('alpha', 'bravo') },
      { q: 'filters[documentId][$eq]={doc:echo}', expect: ['echo'] },
      { q: 'filters[documentId]={doc:echo}', expect: ['echo'] },
      { q: 'filters[documentId][$in][0]={doc:bravo}&filters[documentId][$in][1]={doc:golf}', expect: ['bravo', 'golf'] },
      { q: 'filters[documentId][$ne]={doc:echo}', expect: allBut('echo') },
      { q: 'filters[documentId][$eq]=doesnotexist', expect: [] },
    ]);
  });

  describe('rejected filters', () => {
    const cases: ErrorCase[] = [
      { q: 'filters[nope][$eq]=1', message: 'Invalid key nope' },
      { q: 'filters[title][$regex]=x', message: 'Invalid key $regex' },
      { q: 'filters[$regex][title]=x', message: 'Invalid key $regex' },
      { q: 'filters[$eq]=x', message: 'Invalid key $eq' },
      { q: 'filters[title][nested]=x', message: 'Invalid key nested' },
      { q: 'filters[secretNote][$eq]=xyzzy-plugh', api: 'authors', message: 'Invalid key secretNote' },
      { q: 'filters[passcode][$eq]=hunter22', api: 'authors', message: 'Invalid key passcode' },
      { q: 'filters[authors][secretNote][$eq]=xyzzy-plugh', message: 'Invalid key secretNote' },
      { q: 'filters[authors][passcode][$notNull]=true', message: 'Invalid key passcode' },
      { q: 'filters[$or][0][authors][secretNote][$startsWith]=x', message: 'Invalid key secretNote' },
      { q: 'filters[category][articles][authors][secretNote][$null]=false', message: 'Invalid key secretNote' },
      { q: 'filters[category][$eq]=1', message: 'Invalid key $eq' },
      { q: 'filters[category]=1', message: 'Invalid value for filters.category: expected an object of conditions on the attributes of category (a relation)' },
      { q: 'filters[cover][name][$eq]=cover.png', message: 'Invalid key cover' },
      { q: 'filters[blocks][title][$eq]=x', message: 'Invalid key blocks' },
      // App code's reach into dynamic zones and blocks is not the content API's
      { q: 'filters[blocks][$on][shared.media][file][id][$eq]=1', message: 'Invalid key blocks' },
      { q: 'filters[content][$containsBlock][type]=image', message: 'Invalid key $containsBlock' },
      { q: 'filters[metadata][$eq]=x', message: 'Invalid key $eq' },
      { q: 'filters[featured][$contains]=t', message: 'Invalid key $contains' },
      { q: 'filters[readingTime][$containsi]=1', message: 'Invalid key $containsi' },
      { q: 'filters[seo][nope][$eq]=1', message: 'Invalid key nope' },
      { q: 'filters[category][parent][nope]=1', message: 'Invalid key nope' },
      { q: 'filters[readingTime][$eq]=abc', message: 'Invalid value for filters.readingTime.$eq: expected an integer' },
      { q: 'filters[readingTime][$eq]=1.5', message: 'Invalid value for filters.readingTime.$eq: expected an integer' },
      { q: 'filters[id][$eq]=abc', message: 'Invalid value for filters.id.$eq: expected an integer' },
      { q: 'filters[rating][$gt]=high', message: 'Invalid value for filters.rating.$gt: expected a number' },
      { q: 'filters[publishDate][$eq]=2024-02-30', message: 'Invalid value for filters.publishDate.$eq: expected a date (YYYY-MM-DD)' },
      { q: 'filters[joinedAt][$gt]=yesterday', api: 'authors', message: 'Invalid value for filters.joinedAt.$gt: expected an ISO 8601 date-time' },
      { q: 'filters[preferredTime][$eq]=25:00', api: 'authors', message: 'Invalid value for filters.preferredTime.$eq: expected a time (HH:mm or HH:mm:ss.SSS)' },
      { q: 'filters[featured][$eq]=maybe', message: 'Invalid value for filters.featured.$eq: expected a boolean (true, false, 1, 0, t, f)' },
      { q: 'filters[reviewState][$eq]=bogus', message: 'Invalid value for filters.reviewState.$eq: expected one of draft-review, approved, archived' },
      { q: 'filters[rating][$between][0]=1', message: 'Invalid value for filters.rating.$between: expected an array of two values' },
      { q: 'filters[rating][$between]=1', message: 'Invalid value for filters.rating.$between: expected an array of two values' },
      { q: 'filters[rating][$null]=maybe', message: 'Invalid value for filters.rating.$null: expected a boolean (true, false, 1, 0, t, f)' },
      { q: 'filters[title][$eq][0]=a', message: 'Invalid value for filters.title.$eq: expected a single value' },
      { q: 'filters[$or]=x', message: 'Invalid value for filters.$or: expected an array of conditions' },
      { q: 'filters=x', message: 'Invalid value for filters: expected an object of conditions' },
    ];
    errorCases(get, cases);
  });
});
