// How a statement the database cancelled for its time budget is answered, on any database: the
// drivers' errors (PostgreSQL SQLSTATE 57014, MariaDB errno 1969, MySQL errno 3024) are a 503
// ServiceUnavailableError, logged; over GraphQL the same name and message, logged with the
// request id. Other driver errors stay 500s without details.

import { expect } from 'chai';
import { createMemoryLogger, toErrorResponse } from '../../core/index.js';
import { toGraphqlError } from '../../plugins/graphql/errors.js';

const driverError = (fields: Record<string, unknown>) => Object.assign(new Error('select ... - canceling statement due to statement timeout'), fields);
const timeouts = [{ code: '57014' }, { errno: 1969 }, { errno: 3024, code: 'ER_QUERY_TIMEOUT' }];

describe('statement timeout errors', () => {
  it('are a 503 ServiceUnavailableError in the envelope, flagged for the log', () => {
    for (const fields of timeouts) {
      expect(toErrorResponse(driverError(fields)), JSON.stringify(fields)).to.deep.equal({
        status: 503,
        body: { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'The query took too long and was cancelled', details: {} } },
        unexpected: true,
      });
    }
  });

  it('other driver errors are still a bare 500', () => {
    for (const fields of [{ code: '23505' }, { errno: 1062, code: 'ER_DUP_ENTRY' }, { code: 'SQLITE_ERROR' }]) {
      expect(toErrorResponse(driverError(fields)).status, JSON.stringify(fields)).to.equal(500);
    }
  });

  it('over GraphQL keep their name and message, and are logged with the request id', () => {
    const logger = createMemoryLogger();
    const error = toGraphqlError(driverError({ code: '57014' }), logger, 'req-57014');
    expect(error.message).to.equal('The query took too long and was cancelled');
    expect(error.extensions).to.deep.equal({
      code: 'STRAPI_SERVICE_UNAVAILABLE_ERROR',
      error: { name: 'ServiceUnavailableError', message: 'The query took too long and was cancelled', details: {} },
    });
    expect(logger.lines.some((l) => l.level === 'error' && l.extra?.requestId === 'req-57014')).to.equal(true);
    const internal = toGraphqlError(driverError({ code: '23505' }), logger, 'req-23505');
    expect(internal.extensions).to.deep.equal({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
