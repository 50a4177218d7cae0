// Checks what create() is given; each problem is a 400-style ValidationError naming the field.

import { API_TOKEN_LIFESPANS, API_TOKEN_TYPES, type ApiTokenLifespan, type ApiTokenType } from './types.js';
import { invalid } from './ability.js';

const MAX_NAME = 255;
const DAY_MS = 24 * 60 * 60 * 1000;

export function checkName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw invalid('name', 'name must be a non-empty string', name);
  const trimmed = name.trim();
  if (trimmed.length > MAX_NAME) throw invalid('name', `name must be at most ${MAX_NAME} characters`, name);
  return trimmed;
}

export function checkType(type: unknown): ApiTokenType {
  if (!(API_TOKEN_TYPES as readonly unknown[]).includes(type)) {
    throw invalid('type', `type must be one of the following values: ${API_TOKEN_TYPES.join(', ')}`, type);
  }
  return type as ApiTokenType;
}

export function checkLifespan(lifespan: unknown): ApiTokenLifespan {
  if (lifespan === undefined || lifespan === null) return null;
  if (!(API_TOKEN_LIFESPANS as readonly unknown[]).includes(lifespan)) {
    throw invalid('lifespan', `lifespan must be one of the following values: ${API_TOKEN_LIFESPANS.join(', ')} (days), or null for unlimited`, lifespan);
  }
  return lifespan as ApiTokenLifespan;
}

export function checkDescription(description: unknown): string | null {
  if (description === undefined || description === null || description === '') return null;
  if (typeof description !== 'string') throw invalid('description', 'description must be a string', description);
  return description;
}

export function expiresAt(createdAt: Date, lifespan: ApiTokenLifespan): Date | null {
  return lifespan === null ? null : new Date(createdAt.getTime() + lifespan * DAY_MS);
}
