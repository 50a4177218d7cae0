// The floor: a bare Koa + knex server answering the read scenarios with hand-written SQL on the
// same SQLite file (read-only). Plain JavaScript, so it runs on node without a build step.
// Env: DATABASE_FILENAME (required), PORT (0 = any), HOST, JWT_SECRET (for /h, as our server's).
// GET /__stats: statements and requests so far.

import { createServer } from 'node:http';
import Koa from 'koa';
import knexFactory from 'knex';
import { createAuth } from './auth.mjs';
import { deepFilter, list, listFilterSort, listPopulate, listPopulateGraphql, oneDeep } from './handlers.mjs';

const filename = process.env.DATABASE_FILENAME;
if (!filename) throw new Error('DATABASE_FILENAME is required');
const db = knexFactory({ client: 'better-sqlite3', connection: { filename, options: { readonly: true } }, useNullAsDefault: true, pool: { min: 1, max: 1 } });
const stats = { statements: 0, requests: 0 };
db.on('query', () => { stats.statements++; });
const authorize = process.env.JWT_SECRET ? createAuth(db, process.env.JWT_SECRET) : undefined;

const app = new Koa();
app.use(async (ctx) => {
  const [, route, arg] = ctx.path.split('/');
  const q = new URLSearchParams(ctx.querystring);
  if (route === '__stats') { ctx.body = { ...stats }; return; }
  stats.requests++;
  let body;
  switch (route) {
    case 'a': body = await list(db); break;
    case 'b': body = await listFilterSort(db, q); break;
    case 'c': body = await listPopulate(db, q); break;
    case 'd': body = await oneDeep(db, arg); break;
    case 'e': body = await deepFilter(db, q); break;
    case 'i': body = await listPopulateGraphql(db, q); break;
    case 'h': {
      if (!authorize) throw new Error('/h needs JWT_SECRET');
      const refused = await authorize(ctx.get('authorization'), 'api::article.article.find');
      if (refused) { ctx.status = refused.status; ctx.body = refused.body; return; }
      body = await list(db);
      break;
    }
    default: break;
  }
  if (body === undefined) { ctx.status = 404; ctx.body = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }; return; }
  ctx.body = body;
});

const server = createServer(app.callback());
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address();
  process.stdout.write(`floor serving 7 scenarios on http://${address}:${port}\n`);
});
const stop = () => { server.close(() => db.destroy().then(() => process.exit(0))); server.closeAllConnections(); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
