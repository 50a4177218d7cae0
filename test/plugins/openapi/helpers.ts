// The example app as `npm start` configures it as shipped (the test fixture's copy of its
// config/api.ts and config/plugins.ts, read with an empty environment), on the test database: the
// app whose OpenAPI document is checked in.

import type { KernelConfigInput, PluginsConfig } from '../../../core/index.js';
import { fixtureConfig } from '../../helpers/fixture.js';
import type { StartOptions } from '../../helpers/kernel.js';
import { useKernel } from '../../helpers/suite.js';

export function exampleConfig(): Promise<{ api: KernelConfigInput['api']; plugins: PluginsConfig }> {
  return fixtureConfig();
}

/** One example-app kernel for the describe block; `change` edits its config first. */
export function useExampleApp(change: (config: KernelConfigInput & { plugins: PluginsConfig }) => void = () => {}, more: Omit<StartOptions, 'config'> = {}) {
  let options: StartOptions | undefined;
  before(async () => {
    const { api, plugins } = await exampleConfig();
    const config = { api, plugins };
    change(config);
    options = { ...more, config };
  });
  return useKernel(() => {
    if (!options) throw new Error('config not read');
    return options;
  });
}

/** Where a route's operation sits in the document. */
export const at = (doc: OpenApi, path: string, method: string): Record<string, unknown> => {
  const op = doc.paths[path]?.[method];
  if (!op) throw new Error(`no ${method} ${path} in the document`);
  return op;
};

export interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, Record<string, unknown>>; responses: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  [key: string]: unknown;
}
