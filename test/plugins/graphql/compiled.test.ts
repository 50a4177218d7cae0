// Compiled execution (graphql-jit) is reached only by documents that are safe to compile: it writes
// literal argument values into generated code, so a string literal must never reach it, nor a
// variable inside a scalar's literal. Each document is sent twice with jit: 1, so the second run
// would be the compiled one.

import { expect } from 'chai';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gql, gqlData, useGraphqlKernel } from './helpers.js';

describe('GraphQL: compiled execution', () => {
  const get = useGraphqlKernel({ jit: 1 });

  it('never compiles a string literal: graphql-jit would run a crafted one as code', async () => {
    const marker = join(tmpdir(), `strata-jit-${process.pid}-${Date.now()}`);
    rmSync(marker, { force: true });
    // graphql-jit 0.8.9 turns "__MAGIC_DATE__<uuid>X" into `new Date(X)` in its generated code
    const payload = `__MAGIC_DATE__33a9e76d_02e0_4128_8e92_3530ad3da74dprocess.getBuiltinModule('fs').writeFileSync('${marker}','x')`;
    const query = `{ articles(sort: ["${payload}"]) { title } }`;
    for (let run = 0; run < 3; run++) await gql(get(), query);
    expect(existsSync(marker), 'the literal ran as code').to.equal(false);
  });

  it('keeps variables inside a JSON literal on every run', async () => {
    const mutation = 'mutation($t: String) { createArticle(data: { title: "J", metadata: { note: $t, list: [$t] } }) { metadata } }';
    for (let run = 0; run < 3; run++) {
      const data = await gqlData(get(), mutation, { t: 'hello' });
      expect(data.createArticle, `run ${run}`).to.deep.equal({ metadata: { note: 'hello', list: ['hello'] } });
    }
  });

  it('answers a document with variables the same on its interpreted and compiled runs, defaults included', async () => {
    await gqlData(get(), 'mutation($d: ArticleInput!) { createArticle(data: $d, status: PUBLISHED) { documentId } }', { d: { title: 'Compiled', readingTime: 3 } });
    const query = 'query($size: Int, $title: String) { articles(filters: { title: { eq: $title } }, pagination: { pageSize: $size }) { title readingTime } articles_connection { pageInfo { page pageSize } } }';
    const first = await gql(get(), query, { size: 5, title: 'Compiled' });
    const second = await gql(get(), query, { size: 5, title: 'Compiled' });
    expect(first.body).to.deep.equal({ data: { articles: [{ title: 'Compiled', readingTime: 3 }], articles_connection: { pageInfo: { page: 1, pageSize: 25 } } } });
    expect(second.text).to.equal(first.text);
  });
});
