// Rate limiting of the content routes (off by default, one budget per client address), and which
// address counts: X-Forwarded-For only when server.proxy says a trusted proxy is in front.

import { expect } from 'chai';
import { MemoryRateLimitStore } from '../../core/index.js';
import { useKernel } from '../helpers/suite.js';

const tagOnly = {
  contentTypesDir: false as const,
  schemas: {
    contentTypes: [{ file: 'tag.json', schema: { kind: 'collectionType', collectionName: 'tags', info: { singularName: 'tag', pluralName: 'tags', displayName: 'Tag' }, attributes: { name: { type: 'string' } } } }],
    components: [],
  },
};

const TOO_MANY = { data: null, error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} } };

describe('content rate limit', () => {
  describe('off by default', () => {
    const app = useKernel(tagOnly);
    it('serves any number of requests', async () => {
      for (let i = 0; i < 30; i++) expect((await app().get('/api/tags')).status).to.equal(200);
    });
  });

  describe('enabled, not behind a proxy', () => {
    const store = new MemoryRateLimitStore();
    const app = useKernel({ ...tagOnly, config: { api: { rateLimit: { enabled: true, max: 3, interval: 60_000, store } } } });

    it('the 4th request from one address is a 429 in the envelope, whatever X-Forwarded-For says', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await app().request('GET', '/api/tags', undefined, { 'x-forwarded-for': `203.0.113.${i}` });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.body).to.deep.equal(TOO_MANY);
          expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
        }
      }
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      expect((await app().post('/api/tags', { data: { name: 'x' } })).status, 'writes share the budget').to.equal(429);
    });
  });

  describe('enabled, behind a trusted proxy', () => {
    const app = useKernel({ ...tagOnly, config: { server: { proxy: true }, api: { rateLimit: { enabled: true, max: 2, interval: 60_000 } } } });

    it('each forwarded client address has its own budget', async () => {
      const from = async (ip: string) => (await app().request('GET', '/api/tags', undefined, { 'x-forwarded-for': ip })).status;
      expect([await from('198.51.100.1'), await from('198.51.100.1'), await from('198.51.100.1')]).to.deep.equal([200, 200, 429]);
      expect(await from('198.51.100.2')).to.equal(200);
    });
  });
});
