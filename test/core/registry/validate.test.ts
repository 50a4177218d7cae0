import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { readSchemaDir } from '../../../core/registry/load.js';
import { displayFile, validateSchemaFiles } from '../../../core/registry/validate.js';
import type { RawComponentFile, RawContentTypeFile } from '../../../core/registry/validate.js';
import { KernelError } from '../../../core/errors/index.js';

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../fixture/content-types');
const ROOT = '/app/content-types';

type Json = Record<string, unknown>;

function ct(singular: string, attributes: Json = {}, extra: Json = {}): RawContentTypeFile {
  const plural = `${singular}s`;
  return {
    file: `${ROOT}/${singular}.json`,
    schema: {
      kind: 'collectionType',
      collectionName: plural.replace(/-/g, '_'),
      info: { singularName: singular, pluralName: plural, displayName: singular.toUpperCase() },
      options: { draftAndPublish: false },
      attributes,
      ...extra,
    },
  };
}

function comp(uid: string, attributes: Json = {}, extra: Json = {}): RawComponentFile {
  const [category, name] = uid.split('.') as [string, string];
  return {
    file: `${ROOT}/components/${category}/${name}.json`,
    uid,
    schema: {
      collectionName: `components_${category}_${name}`.replace(/-/g, '_'),
      info: { displayName: name },
      attributes,
      ...extra,
    },
  };
}

/** The SCHEMA_ERR_INVALID message (fails when validation passes). */
function failure(types: RawContentTypeFile[], comps: RawComponentFile[] = []): string {
  try {
    validateSchemaFiles(types, comps);
  } catch (err) {
    expect(err).to.be.instanceOf(KernelError);
    expect((err as KernelError).code).to.equal('SCHEMA_ERR_INVALID');
    return (err as Error).message;
  }
  expect.fail('expected SCHEMA_ERR_INVALID');
}

/** Asserts one line of the message starts with `<file>: <path>:` and contains `text`. */
function expectProblem(message: string, file: string, path: string, text: string): void {
  const prefix = path ? `${file}: ${path}: ` : `${file}: `;
  const line = message.split('\n').find((l) => l.startsWith(prefix) && l.includes(text));
  expect(line, `no line "${prefix}...${text}..." in:\n${message}`).to.not.equal(undefined);
}

function attrProblem(attr: unknown, path: string, text: string, others: Json = {}): void {
  expectProblem(failure([ct('article', { field: attr, ...others })]), 'article.json', `attributes.field${path}`, text);
}

function passes(types: RawContentTypeFile[], comps: RawComponentFile[] = []): void {
  expect(() => validateSchemaFiles(types, comps)).to.not.throw();
}

describe('registry/validate', () => {
  describe('valid input', () => {
    it('accepts the example app and returns the schemas in order', () => {
      const files = readSchemaDir(APP_DIR);
      expect(files.contentTypes.length).to.be.greaterThan(0);
      const out = validateSchemaFiles(files.contentTypes, files.components);
      expect(out.contentTypes.map((c) => c.file)).to.deep.equal(files.contentTypes.map((c) => c.file));
      expect(out.components.map((c) => c.uid)).to.deep.equal(files.components.map((c) => c.uid));
      expect(out.contentTypes[0]!.schema).to.equal(files.contentTypes[0]!.schema);
    });

    it('accepts a minimal content type and component', () => {
      const out = validateSchemaFiles(
        [ct('page', { title: { type: 'string' }, hero: { type: 'component', component: 'blocks.hero' } })],
        [comp('blocks.hero', { heading: { type: 'string' } })],
      );
      expect(out.contentTypes[0]!.schema.info.singularName).to.equal('page');
      expect(out.components[0]!.uid).to.equal('blocks.hero');
    });

    it('lists every problem on its own line', () => {
      const message = failure([ct('article', { a: { type: 'nope' }, b: { type: 'string', requried: true } })]);
      expect(message.split('\n')).to.have.length(2);
      expectProblem(message, 'article.json', 'attributes.a.type', 'unknown type');
      expectProblem(message, 'article.json', 'attributes.b.requried', 'unknown option');
    });
  });

  describe('file names', () => {
    it('shows paths relative to the content-types folder', () => {
      expect(displayFile('/x/content-types/article.json', false)).to.equal('article.json');
      expect(displayFile('/x/content-types/components/shared/seo.json', true)).to.equal('components/shared/seo.json');
      expect(displayFile('/tmp/abc/components/shared/seo.json', true)).to.equal('components/shared/seo.json');
      expect(displayFile('/tmp/abc/page.json', false)).to.equal('page.json');
    });

    it('names component files with their folder', () => {
      const message = failure([], [comp('shared.seo', { x: { type: 'bogus' } })]);
      expectProblem(message, 'components/shared/seo.json', 'attributes.x.type', 'unknown type');
    });
  });

  describe('top level', () => {
    const withSchema = (patch: (s: Json) => void): RawContentTypeFile => {
      const file = ct('article');
      patch(file.schema as Json);
      return file;
    };

    it('refuses a schema that is not an object', () => {
      expectProblem(failure([{ file: `${ROOT}/article.json`, schema: [] }]), 'article.json', '', 'must be a JSON object');
    });

    it('checks kind', () => {
      expectProblem(failure([withSchema((s) => { s.kind = 'collection'; })]), 'article.json', 'kind', 'collectionType, singleType');
    });

    it('checks collectionName', () => {
      expectProblem(failure([withSchema((s) => { s.collectionName = 'my-articles'; })]), 'article.json', 'collectionName', 'identifier');
      expectProblem(failure([withSchema((s) => { s.collectionName = ''; })]), 'article.json', 'collectionName', 'identifier');
      expectProblem(failure([withSchema((s) => { delete s.collectionName; })]), 'article.json', 'collectionName', 'identifier');
    });

    it('checks singularName and pluralName are kebab-case', () => {
      const message = failure([withSchema((s) => { (s.info as Json).pluralName = 'Articles'; })]);
      expectProblem(message, 'article.json', 'info.pluralName', 'kebab-case');
      const file = { file: `${ROOT}/my_article.json`, schema: (ct('my_article').schema) };
      expectProblem(failure([file]), 'my_article.json', 'info.singularName', 'kebab-case');
    });

    it('requires pluralName to differ from singularName', () => {
      const message = failure([withSchema((s) => { (s.info as Json).pluralName = 'article'; })]);
      expectProblem(message, 'article.json', 'info.pluralName', 'must differ from info.singularName');
    });

    it('requires the file name to be <singularName>.json', () => {
      const file = { ...ct('article'), file: `${ROOT}/post.json` };
      expectProblem(failure([file]), 'post.json', 'info.singularName', 'file name must be article.json');
    });

    it('requires a displayName', () => {
      expectProblem(failure([withSchema((s) => { (s.info as Json).displayName = ' '; })]), 'article.json', 'info.displayName', 'non-empty string');
    });

    it('refuses unknown info keys', () => {
      expectProblem(failure([withSchema((s) => { (s.info as Json).singular = 'x'; })]), 'article.json', 'info.singular', 'unknown info key');
    });

    it('checks options and pluginOptions are objects', () => {
      expectProblem(failure([withSchema((s) => { s.options = true; })]), 'article.json', 'options', 'must be an object');
      expectProblem(failure([withSchema((s) => { s.options = { draftAndPublish: 'yes' }; })]), 'article.json', 'options.draftAndPublish', 'boolean');
      expectProblem(failure([withSchema((s) => { s.pluginOptions = []; })]), 'article.json', 'pluginOptions', 'must be an object');
    });

    it('requires attributes to be an object', () => {
      expectProblem(failure([withSchema((s) => { delete s.attributes; })]), 'article.json', 'attributes', 'must be an object');
    });

    it('refuses unknown top-level keys, $schema included', () => {
      const message = failure([withSchema((s) => { s.$schema = 'x'; s.attribtues = {}; })]);
      expectProblem(message, 'article.json', '$schema', 'unknown top-level key');
      expectProblem(message, 'article.json', 'attribtues', 'unknown top-level key');
    });

    it('checks component files too', () => {
      const bad = comp('shared.seo', {}, { kind: 'collectionType', info: { displayName: '', title: 'x' }, collectionName: 'a b' });
      const message = failure([], [bad]);
      expectProblem(message, 'components/shared/seo.json', 'kind', 'unknown top-level key');
      expectProblem(message, 'components/shared/seo.json', 'info.displayName', 'non-empty string');
      expectProblem(message, 'components/shared/seo.json', 'info.title', 'unknown info key');
      expectProblem(message, 'components/shared/seo.json', 'collectionName', 'identifier');
    });
  });

  describe('duplicates across files', () => {
    it('refuses two content types with the same singularName', () => {
      const copy = { ...ct('article'), file: `${ROOT}/other/article.json` };
      (copy.schema as Json).collectionName = 'other_articles';
      expectProblem(failure([ct('article'), copy]), 'other/article.json', 'info.singularName', '"article" is already used as info.singularName of article.json');
    });

    it('refuses two content types with the same pluralName', () => {
      const post = ct('post');
      Object.assign((post.schema as Json).info as Json, { pluralName: 'articles' });
      (post.schema as Json).collectionName = 'posts';
      expectProblem(failure([ct('article'), post]), 'post.json', 'info.pluralName', 'already used as info.pluralName of article.json');
    });

    it('refuses a pluralName equal to another type singularName', () => {
      const news = ct('news');
      Object.assign((news.schema as Json).info as Json, { pluralName: 'article' });
      expectProblem(failure([ct('article'), news]), 'news.json', 'info.pluralName', 'already used as info.singularName of article.json');
    });

    it('refuses two content types with the same collectionName', () => {
      const post = ct('post');
      (post.schema as Json).collectionName = 'articles';
      expectProblem(failure([ct('article'), post]), 'post.json', 'collectionName', '"articles" is already used by article.json');
    });

    it('refuses two components with the same collectionName', () => {
      const b = comp('shared.b');
      (b.schema as Json).collectionName = 'components_shared_a';
      expectProblem(failure([], [comp('shared.a'), b]), 'components/shared/b.json', 'collectionName', 'already used by components/shared/a.json');
    });
  });

  describe('attribute names', () => {
    it('refuses names that are not identifiers', () => {
      const message = failure([ct('article', { '1st': { type: 'string' }, 'my-field': { type: 'string' } })]);
      expectProblem(message, 'article.json', 'attributes.1st', 'invalid attribute name');
      expectProblem(message, 'article.json', 'attributes.my-field', 'invalid attribute name');
    });

    for (const name of ['id', 'documentId', 'document_id', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy',
      'updatedBy', 'locale', 'localizations', '__component', 'constructor', 'prototype']) {
      it(`refuses the reserved name ${name}`, () => {
        const message = failure([ct('article', { [name]: { type: 'string' } })]);
        expectProblem(message, 'article.json', `attributes.${name}`, 'reserved attribute name');
      });
    }

    it('refuses __proto__ (as JSON.parse produces it)', () => {
      const attributes = JSON.parse('{"__proto__": {"type": "string"}}') as Json;
      expectProblem(failure([ct('article', attributes)]), 'article.json', 'attributes.__proto__', 'reserved attribute name');
    });

    it('refuses reserved names in components', () => {
      expectProblem(failure([], [comp('shared.a', { id: { type: 'integer' } })]), 'components/shared/a.json', 'attributes.id', 'reserved attribute name');
    });
  });

  describe('attribute types and options', () => {
    it('refuses an unknown type and lists the allowed ones', () => {
      attrProblem({ type: 'strin' }, '.type', 'unknown type "strin"; allowed types: string, text, richtext');
      attrProblem({ required: true }, '.type', 'missing; allowed types:');
      attrProblem('string', '', 'must be an object');
    });

    it('refuses unknown option keys', () => {
      attrProblem({ type: 'string', requried: true }, '.requried', 'unknown option for a string attribute');
    });

    it('refuses unique where it does not apply', () => {
      for (const type of ['boolean', 'json', 'blocks', 'password', 'media']) {
        attrProblem({ type, unique: true }, '.unique', `unknown option for a ${type} attribute`);
      }
      attrProblem({ type: 'relation', relation: 'oneToOne', target: 'api::article.article', unique: true }, '.unique', 'unknown option');
    });

    it('refuses default where it does not apply', () => {
      attrProblem({ type: 'password', default: 'x' }, '.default', 'unknown option for a password attribute');
      attrProblem({ type: 'media', default: 'x' }, '.default', 'unknown option for a media attribute');
    });

    it('checks the common boolean options', () => {
      attrProblem({ type: 'string', required: 'yes' }, '.required', 'must be a boolean');
      attrProblem({ type: 'string', private: 1 }, '.private', 'must be a boolean');
      attrProblem({ type: 'string', pluginOptions: 'i18n' }, '.pluginOptions', 'must be an object');
    });
  });

  describe('string-like attributes', () => {
    it('requires non-negative integer lengths', () => {
      attrProblem({ type: 'string', maxLength: -1 }, '.maxLength', 'must be a non-negative integer');
      attrProblem({ type: 'text', minLength: 1.5 }, '.minLength', 'must be a non-negative integer');
    });

    it('requires minLength <= maxLength', () => {
      attrProblem({ type: 'string', minLength: 10, maxLength: 5 }, '.minLength', 'must not be greater than maxLength');
    });

    it('requires regex to compile', () => {
      attrProblem({ type: 'string', regex: '([a-z' }, '.regex', 'not a valid regular expression');
    });

    it('checks the default', () => {
      attrProblem({ type: 'string', default: 3 }, '.default', 'must be a string');
      attrProblem({ type: 'string', maxLength: 2, default: 'abc' }, '.default', 'longer than maxLength');
    });

    it('requires uid targetField to name a string or text attribute', () => {
      attrProblem({ type: 'uid', targetField: 'name' }, '.targetField', 'no attribute "name"');
      attrProblem({ type: 'uid', targetField: 'n' }, '.targetField', 'must be a string or text attribute', { n: { type: 'integer' } });
      passes([ct('article', { title: { type: 'string' }, slug: { type: 'uid', targetField: 'title' } })]);
    });
  });

  describe('enumerations', () => {
    it('requires a non-empty enum', () => {
      attrProblem({ type: 'enumeration' }, '.enum', 'non-empty array');
      attrProblem({ type: 'enumeration', enum: [] }, '.enum', 'non-empty array');
    });

    it('requires unique non-empty strings', () => {
      attrProblem({ type: 'enumeration', enum: ['a', ''] }, '.enum[1]', 'non-empty string');
      attrProblem({ type: 'enumeration', enum: ['a', 'a'] }, '.enum[1]', 'duplicate value "a"');
      attrProblem({ type: 'enumeration', enum: ['a', 2] }, '.enum[1]', 'non-empty string');
    });

    it('requires the default to be one of the values', () => {
      attrProblem({ type: 'enumeration', enum: ['a', 'b'], default: 'c' }, '.default', 'must be one of the enum values (a, b)');
    });
  });

  describe('numbers, booleans, dates', () => {
    it('requires numeric bounds', () => {
      attrProblem({ type: 'integer', min: '0' }, '.min', 'must be a number');
      attrProblem({ type: 'float', max: Number.NaN }, '.max', 'must be a number');
      attrProblem({ type: 'biginteger', max: 'lots' }, '.max', 'must be a number or a numeric string');
      passes([ct('article', { a: { type: 'biginteger', min: '0', max: '9007199254740993' }, b: { type: 'decimal', min: '0.5', max: 10 } })]);
    });

    it('requires min <= max', () => {
      attrProblem({ type: 'float', min: 5, max: 1 }, '.min', 'must not be greater than max');
      attrProblem({ type: 'biginteger', min: '9007199254740993', max: '9007199254740992' }, '.min', 'must not be greater than max');
    });

    it('checks the default against type and bounds', () => {
      attrProblem({ type: 'integer', default: 1.5 }, '.default', 'must be an integer');
      attrProblem({ type: 'integer', default: 'one' }, '.default', 'must be a number');
      attrProblem({ type: 'integer', min: 0, default: -1 }, '.default', 'must not be less than min');
      attrProblem({ type: 'float', max: 5, default: 6 }, '.default', 'must not be greater than max');
      passes([ct('article', { a: { type: 'float', min: 0, max: 1, default: 0.5 } })]);
    });

    it('requires a boolean default for booleans', () => {
      attrProblem({ type: 'boolean', default: 'false' }, '.default', 'must be a boolean');
    });

    it('requires a string default for dates', () => {
      for (const type of ['date', 'time', 'datetime', 'timestamp']) {
        attrProblem({ type, default: 0 }, '.default', 'must be a string');
      }
    });
  });

  describe('relations', () => {
    const rel = (extra: Json): Json => ({ type: 'relation', relation: 'manyToOne', target: 'api::article.article', ...extra });

    it('requires a known relation kind', () => {
      attrProblem(rel({ relation: 'manyWay' }), '.relation', 'oneToOne, oneToMany, manyToOne, manyToMany');
    });

    it('requires an existing target', () => {
      attrProblem(rel({ target: undefined }), '.target', 'must be the uid of a content type');
      attrProblem(rel({ target: 'api::tag.tag' }), '.target', 'unknown content type "api::tag.tag"');
      attrProblem(rel({ target: 'tag' }), '.target', 'unknown content type "tag"');
    });

    it('skips the existence check for plugin:: targets', () => {
      passes([ct('article', { owner: rel({ target: 'plugin::users-permissions.user' }) })]);
    });

    it('refuses inversedBy and mappedBy together', () => {
      attrProblem(rel({ inversedBy: 'x', mappedBy: 'y' }), '.mappedBy', 'cannot both be set');
    });

    const tagRel = (relation: string, extra: Json): Json => ({ type: 'relation', relation, target: 'api::tag.tag', ...extra });

    it('accepts a matching pair', () => {
      passes([
        ct('article', { tags: tagRel('manyToMany', { inversedBy: 'articles' }), main: tagRel('manyToOne', { inversedBy: 'mains' }) }),
        ct('tag', {
          articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'tags' },
          mains: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'main' },
        }),
      ]);
    });

    it('requires the inverse attribute to exist', () => {
      const message = failure([ct('article', { tags: tagRel('manyToMany', { inversedBy: 'articles' }) }), ct('tag')]);
      expectProblem(message, 'article.json', 'attributes.tags.inversedBy', 'api::tag.tag has no attribute "articles"');
    });

    it('requires the inverse side to point back', () => {
      const message = failure([
        ct('article', { tags: tagRel('manyToMany', { inversedBy: 'articles' }) }),
        ct('tag', { articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article' } }),
      ]);
      expectProblem(message, 'article.json', 'attributes.tags.inversedBy', 'api::tag.tag attribute "articles" must have mappedBy: "tags"');
    });

    it('requires the inverse side to target this type', () => {
      const message = failure([
        ct('article', { tags: tagRel('manyToMany', { inversedBy: 'articles' }) }),
        ct('tag', { articles: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', mappedBy: 'tags' } }),
      ]);
      expectProblem(message, 'article.json', 'attributes.tags.inversedBy', 'must target "api::article.article"');
    });

    it('checks mappedBy symmetrically', () => {
      const message = failure([
        ct('article', { tags: tagRel('manyToMany', { mappedBy: 'articles' }) }),
        ct('tag', { articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article' } }),
      ]);
      expectProblem(message, 'article.json', 'attributes.tags.mappedBy', 'must have inversedBy: "tags"');
    });

    it('requires compatible relation kinds', () => {
      const message = failure([
        ct('article', { tag: tagRel('manyToOne', { inversedBy: 'articles' }) }),
        ct('tag', { articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'tag' } }),
      ]);
      expectProblem(message, 'article.json', 'attributes.tag.relation', 'manyToOne needs oneToMany on api::tag.tag attribute "articles"');
    });

    it('allows only one-directional relations in components', () => {
      passes([ct('article')], [comp('shared.a', { article: rel({}) })]);
      const message = failure([ct('article')], [comp('shared.a', { article: rel({ inversedBy: 'x' }) })]);
      expectProblem(message, 'components/shared/a.json', 'attributes.article.inversedBy', 'one-directional');
    });
  });

  describe('media', () => {
    it('checks multiple and allowedTypes', () => {
      attrProblem({ type: 'media', multiple: 'no' }, '.multiple', 'must be a boolean');
      attrProblem({ type: 'media', allowedTypes: 'images' }, '.allowedTypes', 'must be an array');
      attrProblem({ type: 'media', allowedTypes: ['images', 'pdfs'] }, '.allowedTypes[1]', 'images, files, videos, audios');
    });
  });

  describe('components and dynamic zones', () => {
    const check = (attr: Json, path: string, text: string): void => {
      const message = failure([ct('article', { field: attr })], [comp('shared.a'), comp('shared.b')]);
      expectProblem(message, 'article.json', `attributes.field${path}`, text);
    };

    it('requires an existing component', () => {
      check({ type: 'component', component: 'shared.c' }, '.component', 'unknown component "shared.c"');
      check({ type: 'component' }, '.component', 'must be a component uid');
    });

    it('checks repeatable, min and max', () => {
      check({ type: 'component', component: 'shared.a', repeatable: 'yes' }, '.repeatable', 'must be a boolean');
      check({ type: 'component', component: 'shared.a', max: 3 }, '.max', 'only allowed on a repeatable component');
      check({ type: 'component', component: 'shared.a', repeatable: true, min: -1 }, '.min', 'non-negative integer');
      check({ type: 'component', component: 'shared.a', repeatable: true, min: 4, max: 3 }, '.min', 'must not be greater than max');
    });

    it('requires a non-empty list of existing components in a dynamic zone', () => {
      check({ type: 'dynamiczone', components: [] }, '.components', 'non-empty array');
      check({ type: 'dynamiczone', components: ['shared.a', 'shared.x'] }, '.components[1]', 'unknown component "shared.x"');
      check({ type: 'dynamiczone', components: ['shared.a', 'shared.a'] }, '.components[1]', 'duplicate component');
      check({ type: 'dynamiczone', components: ['shared.a'], min: 2, max: 1 }, '.min', 'must not be greater than max');
    });

    it('refuses dynamic zones inside components', () => {
      const message = failure([], [comp('shared.a', { dz: { type: 'dynamiczone', components: ['shared.b'] } }), comp('shared.b')]);
      expectProblem(message, 'components/shared/a.json', 'attributes.dz.type', 'not allowed inside components');
    });

    it('refuses a component that includes itself', () => {
      const message = failure([], [comp('shared.a', { self: { type: 'component', component: 'shared.a' } })]);
      expectProblem(message, 'components/shared/a.json', 'attributes.self', 'component cycle: shared.a -> shared.a');
    });

    it('refuses a cycle through nested components, once', () => {
      const message = failure([], [
        comp('shared.a', { b: { type: 'component', component: 'shared.b' } }),
        comp('shared.b', { c: { type: 'component', component: 'shared.c', repeatable: true } }),
        comp('shared.c', { a: { type: 'component', component: 'shared.a' } }),
      ]);
      expectProblem(message, 'components/shared/a.json', 'attributes.b', 'component cycle: shared.a -> shared.b -> shared.c -> shared.a');
      expect(message.split('\n')).to.have.length(1);
    });
  });
});
