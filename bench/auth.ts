// The user scenario (h) authenticates as: registered once per run through the plugin's own
// POST /api/auth/local/register on an in-process kernel with users-permissions on, on the run's
// database copy, before any server starts. The JWT it answers is signed with the bench's fixed
// JWT_SECRET and the user's token version, so our users-permissions server (same secret, same
// file) and the floor (same key derivation) both accept it.

import type { AuthSession } from './scenarios.js';

export async function registerBenchUser(baseUrl: string, runTag: string, session: AuthSession): Promise<void> {
  const username = `bench-${runTag}`;
  const res = await fetch(`${baseUrl}/api/auth/local/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@bench.example.com`, password: `bench-password-${runTag}` }),
  });
  const body = await res.json() as { jwt?: unknown };
  if (res.status !== 200 || typeof body.jwt !== 'string') {
    throw new Error(`(h) registering the bench user answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
  session.jwt = body.jwt;
}
