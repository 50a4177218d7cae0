// `Authorization: Bearer <token>`, parsed as Strapi does: the scheme case-insensitive, the header
// split on whitespace into exactly two parts. Anything else carries no bearer token.

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0]!.toLowerCase() !== 'bearer') return undefined;
  return parts[1];
}
