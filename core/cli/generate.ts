// Schema generator, like Strapi's `strapi generate content-type`: builds a content type or
// component schema from names and attribute shorthands, validates it together with the schemas
// already in the target folder, and writes it. It never overwrites a file. The code lives in the
// registry layer (schema-writer.ts), where the content-type builder writes through it too.

export * from '../registry/schema-writer.js';
