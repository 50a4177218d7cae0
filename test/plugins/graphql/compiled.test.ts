// Compiled execution (graphql-jit) is reached only by documents that are safe to compile: it writes
// literal argument values into generated code, so a string literal must never reach it, nor a
// variable inside a scalar's literal. Each document is sent twice with jit: 1, so the second run
// would be the compiled one; the graphql service's execution counts say which runs were.

import { expect } from 'chai';
import { parse } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compilable } from '../../../plugins/graphql/execute.js';
import { gql, gqlData, useGraphqlKernel } from './helpers.js';

describe('GraphQL: compiled execution', () => {
  const get = useGraphqlKernel({ jit: 1 });

  it('never compiles a string literal: graphql-jit would run a crafted one as code', async () => {
    const graphql = get().kernel.service('graphql');
    const marker = join(tmpdir(), `strata-jit-${process.pid}-${Date.now()}`);
    rmSync(marker, { force: true });
    // graphql-jit 0.8.9 turns "__MAGIC_DATE__<uuid>X" into `new Date(X)` in its generated code
    const payload = `__MAGIC_DATE__33a9e76d_02e0_4128_8e92_3530ad3da74dprocess.getBuiltinModule('fs').writeFileSync('${marker}','x')`;
    const query = `{ articles(sort: ["${payload}"]) { title } }`;
    try {
      // The payload is live: compiled by graphql-jit as the executor would compile it, and run, it
      // writes the marker. If this fails, graphql-jit changed how it writes literals: find the
      // new escape before trusting the check below
      const compiled = compileQuery(await graphql.schema(), parse(query));
      expect(isCompiledQuery(compiled), 'graphql-jit compiles the document').to.equal(true);
      await Promise.resolve((compiled as CompiledQuery).query(undefined, {}, {})).catch(() => undefined);
      expect(existsSync(marker), 'the payload ran as code when compiled').to.equal(true);
      rmSync(marker);
      // Over HTTP, its three runs are interpreted and nothing runs
      const before = graphql.executions();
      for (let run = 0; run < 3; run++) await gql(get(), query);
      expect(existsSync(marker), 'the literal ran as code').to.equal(false);
      expect(graphql.executions()).to.deep.equal({ compiled: before.compiled, interpreted: before.interpreted + 3 });
      // The same document with the string as a variable is compiled from its second run: the
      // literal, nothing else, kept the first one on graphql-js
      const variable = 'query($sort: [String]) { articles(sort: $sort) { title } }';
      for (let run = 0; run < 2; run++) await gql(get(), variable, { sort: [payload] });
      expect(graphql.executions()).to.deep.equal({ compiled: before.compiled + 1, interpreted: before.interpreted + 4 });
      expect(existsSync(marker), 'a variable ran as code').to.equal(false);
    } finally {
      rmSync(marker, { force: true });
    }
  });

  it('compiles strings passed as variables, list items included, with the same answers', async () => {
    const graphql = get().kernel.service('graphql');
    const docs = get().kernel.documents('api::article.article');
    const a = await docs.create({ data: { title: 'Listed A' }, status: 'published' });
    const b = await docs.create({ data: { title: 'Listed B' }, status: 'published' });
    const query = 'query($a: ID, $b: ID, $sort: [String]) { articles(filters: { documentId: { in: [$a, $b] } }, sort: $sort) { title } }';
    const variables = { a: a.documentId, b: b.documentId, sort: ['title:desc'] };
    const start = graphql.executions();
    const first = await gqlData(get(), query, variables);
    const second = await gqlData(get(), query, variables);
    expect(graphql.executions()).to.deep.equal({ compiled: start.compiled + 1, interpreted: start.interpreted + 1 });
    expect(first).to.deep.equal({ articles: [{ title: 'Listed B' }, { title: 'Listed A' }] });
    expect(second).to.deep.equal(first);
  });

  it('never compiles a variable of a recursive input type (graphql-jit would recurse until the stack overflows)', async () => {
    const graphql = get().kernel.service('graphql');
    const query = 'query($f: ArticleFiltersInput) { articles(filters: $f) { title } }';
    // Decided before compiling: compileQuery on this document blocks the process for seconds
    expect(compilable(await graphql.schema(), parse(query))).to.equal(false);
    expect(compilable(await graphql.schema(), parse('query($p: PaginationArg) { articles(pagination: $p) { title } }'))).to.equal(true);
    const start = graphql.executions();
    const first = await gqlData(get(), query, { f: { title: { eq: 'none such' } } });
    const second = await gqlData(get(), query, { f: { title: { eq: 'none such' } } });
    expect(graphql.executions()).to.deep.equal({ compiled: start.compiled, interpreted: start.interpreted + 2 });
    expect(first).to.deep.equal({ articles: [] });
    expect(second).to.deep.equal(first);
  });

  it('keeps variables inside a JSON literal on every run', async () => {
    const mutation = 'mutation($t: String) { createArticle(data: { title: "J", metadata: { note: $t, list: [$t] } }) { metadata } }';
    for (let run = 0; run < 3; run++) {
      const data = await gqlData(get(), mutation, { t: 'hello' });
      expect(data.createArticle, `run ${run}`).to.deep.equal({ metadata: { note: 'hello', list: ['hello'] } });
    }
  });

  it('answers a document with variables the same on its interpreted and compiled runs, defaults included', async () => {
    const graphql = get().kernel.service('graphql');
    await gqlData(get(), 'mutation($d: ArticleInput!) { createArticle(data: $d, status: PUBLISHED) { documentId } }', { d: { title: 'Compiled', readingTime: 3 } });
    const query = 'query($size: Int, $title: String) { articles(filters: { title: { eq: $title } }, pagination: { pageSize: $size }) { title readingTime } articles_connection { pageInfo { page pageSize } } }';
    const start = graphql.executions();
    const first = await gql(get(), query, { size: 5, title: 'Compiled' });
    expect(graphql.executions(), 'the first run is interpreted').to.deep.equal({ ...start, interpreted: start.interpreted + 1 });
    const second = await gql(get(), query, { size: 5, title: 'Compiled' });
    expect(graphql.executions(), 'the second run is compiled').to.deep.equal({ compiled: start.compiled + 1, interpreted: start.interpreted + 1 });
    expect(first.body).to.deep.equal({ data: { articles: [{ title: 'Compiled', readingTime: 3 }], articles_connection: { pageInfo: { page: 1, pageSize: 25 } } } });
    expect(second.text).to.equal(first.text);
  });
});
