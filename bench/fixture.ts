// What the scenarios need from the data: sample documentIds, root category names, the id range.
// Read once from the run's database file, in id order, so every run draws the same values.

import knexFactory from 'knex';

export interface Fixture {
  articleCount: number;
  maxArticleId: number;
  /** Up to 1000 article documentIds spread evenly over the table. */
  articles: string[];
  authors: string[];
  categories: string[];
  /** Names of categories that are the parent of at least one category. */
  rootCategories: string[];
}

const SAMPLE = 1000;

export async function readFixture(file: string): Promise<Fixture> {
  const db = knexFactory({ client: 'better-sqlite3', connection: { filename: file, options: { readonly: true } }, useNullAsDefault: true });
  try {
    const stats = await db('articles').count({ n: '*' }).max({ max: 'id' }).first() as { n: number; max: number | null };
    const articleCount = Number(stats.n);
    const step = Math.max(1, Math.floor(articleCount / SAMPLE));
    const articles = (await db('articles').whereRaw('id % ? = 0', [step]).orderBy('id').limit(SAMPLE).select('document_id') as Array<{ document_id: string }>)
      .map((r) => r.document_id);
    const ids = async (table: string) => (await db(table).orderBy('id').limit(SAMPLE).select('document_id') as Array<{ document_id: string }>)
      .map((r) => r.document_id);
    const rootCategories = (await db({ p: 'categories' })
      .whereExists(db({ l: 'categories_parent_lnk' }).whereRaw('l.target_document_id = p.document_id').select(db.raw('1')))
      .orderBy('p.id').select('p.name') as Array<{ name: string }>).map((r) => r.name);
    if (!articles.length || !rootCategories.length) throw new Error(`${file} holds no generated data`);
    return {
      articleCount, maxArticleId: Number(stats.max ?? 0), articles,
      authors: await ids('authors'), categories: await ids('categories'), rootCategories,
    };
  } finally {
    await db.destroy();
  }
}
