import { availableParallelism } from 'node:os';
import type { Env } from '../core/index.js';

// One worker per core in production, one process in development.
const defaultWorkers = process.env.NODE_ENV === 'production' ? availableParallelism() : 1;

export default (env: Env) => ({
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  proxy: env.bool('PROXY', false),
  workers: env.int('WORKERS', defaultWorkers),
});
