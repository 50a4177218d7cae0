// `password` attributes are stored as bcrypt hashes, never as written: they can never be read back
// through the API anyway, and a leaked database must not leak them.

import bcrypt from 'bcryptjs';
import type { ModelRegistry } from '../registry/model-registry.js';
import type { Model } from '../registry/types.js';
import type { NormalizedInput } from './input.js';

const COST = 10;

export async function hashPasswords(input: NormalizedInput, model: Model, registry: ModelRegistry): Promise<void> {
  for (const [name, value] of Object.entries(input.scalars)) {
    if (model.attributes[name]?.type === 'password' && typeof value === 'string' && !isHash(value)) {
      input.scalars[name] = await bcrypt.hash(value, COST);
    }
  }
  for (const items of Object.values(input.components)) {
    for (const item of items) await hashPasswords(item.input, registry.component(item.uid), registry);
  }
}

function isHash(value: string): boolean {
  return /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(value);
}
