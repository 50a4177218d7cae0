import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAttributeSpec, pluralize, snakeCase, titleCase } from '../../core/cli/generate.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const APP_SCHEMAS = join(ROOT, 'test', 'fixture', 'content-types');

interface Run { status: number | null; stdout: string; stderr: string }

function generate(...args: string[]): Run {
  const out = spawnSync(process.execPath, ['--import', 'tsx', 'core/cli/generate-cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

function readJson(file: string): Record<string, any> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
}

function expectFailure(run: Run, text: string): void {
  expect(run.status, run.stderr).to.equal(1);
  expect(run.stderr).to.match(/^error: /);
  expect(run.stderr).to.include(text);
  expect(run.stderr).to.not.match(/\n\s+at /); // no stack trace
}

describe('cli/generate', function () {
  this.timeout(30000);
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'generate-test-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('helpers', () => {
    it('derives names', () => {
      expect(pluralize('article')).to.equal('articles');
      expect(pluralize('category')).to.equal('categories');
      expect(pluralize('day')).to.equal('days');
      expect(pluralize('address')).to.equal('addresses');
      expect(snakeCase('blog-posts')).to.equal('blog_posts');
      expect(titleCase('blog-post')).to.equal('Blog Post');
    });

    it('parses attribute shorthand', () => {
      expect(parseAttributeSpec('title:string:required:maxLength=120')).to.deep.equal(
        ['title', { type: 'string', required: true, maxLength: 120 }]);
      expect(parseAttributeSpec('category:relation:manyToOne:api::category.category')).to.deep.equal(
        ['category', { type: 'relation', relation: 'manyToOne', target: 'api::category.category' }]);
      expect(parseAttributeSpec('status:enumeration:enum=a|b|c:default=b')).to.deep.equal(
        ['status', { type: 'enumeration', enum: ['a', 'b', 'c'], default: 'b' }]);
      expect(parseAttributeSpec('blocks:dynamiczone:shared.quote|shared.media:max=3')).to.deep.equal(
        ['blocks', { type: 'dynamiczone', components: ['shared.quote', 'shared.media'], max: 3 }]);
      expect(parseAttributeSpec('on:boolean:default=false')).to.deep.equal(['on', { type: 'boolean', default: false }]);
      expect(parseAttributeSpec('url:string:regex=^https?\\://')).to.deep.equal(['url', { type: 'string', regex: '^https?://' }]);
    });
  });

  describe('content-type', () => {
    it('writes a schema with derived names and prints the path', () => {
      const run = generate('content-type', 'blog-post', '--dir', dir,
        'title:string:required', 'views:integer:min=0', 'status:enumeration:enum=a|b|c', 'cover:media:allowedTypes=images|files');
      expect(run.status, run.stderr).to.equal(0);
      const file = join(dir, 'blog-post.json');
      expect(run.stdout).to.include(file);
      // and which permission lines open it to the roles
      expect(run.stdout).to.include("public:        'api::blog-post.blog-post.find', 'api::blog-post.blog-post.findOne'\n");
      expect(run.stdout).to.include("authenticated: 'api::blog-post.blog-post.create', 'api::blog-post.blog-post.update', 'api::blog-post.blog-post.delete'\n");
      const text = readFileSync(file, 'utf8');
      expect(text.endsWith('}\n')).to.equal(true);
      expect(text).to.include('\n  "kind": "collectionType"');
      expect(JSON.parse(text)).to.deep.equal({
        kind: 'collectionType',
        collectionName: 'blog_posts',
        info: { singularName: 'blog-post', pluralName: 'blog-posts', displayName: 'Blog Post' },
        options: { draftAndPublish: false },
        pluginOptions: {},
        attributes: {
          title: { type: 'string', required: true },
          views: { type: 'integer', min: 0 },
          status: { type: 'enumeration', enum: ['a', 'b', 'c'] },
          cover: { type: 'media', allowedTypes: ['images', 'files'] },
        },
      });
    });

    it('honours --plural, --display-name, --kind and --draft-and-publish', () => {
      const run = generate('content-type', 'city', '--dir', dir, '--plural', 'towns', '--display-name', 'Big City',
        '--kind', 'singleType', '--draft-and-publish');
      expect(run.status, run.stderr).to.equal(0);
      const schema = readJson(join(dir, 'city.json'));
      expect(schema.kind).to.equal('singleType');
      expect(schema.collectionName).to.equal('towns');
      expect(schema.info).to.deep.equal({ singularName: 'city', pluralName: 'towns', displayName: 'Big City' });
      expect(schema.options).to.deep.equal({ draftAndPublish: true });
      // a single type has no findOne or create
      expect(run.stdout).to.include("public:        'api::city.city.find'\n");
      expect(run.stdout).to.include("authenticated: 'api::city.city.update', 'api::city.city.delete'\n");
    });

    it('defaults the plural of a consonant+y name to -ies', () => {
      expect(generate('content-type', 'story', '--dir', dir).status).to.equal(0);
      expect(readJson(join(dir, 'story.json')).info.pluralName).to.equal('stories');
    });

    it('accepts a relation to an existing content type', () => {
      cpSync(APP_SCHEMAS, dir, { recursive: true });
      const run = generate('content-type', 'tag', '--dir', dir, 'articles:relation:manyToMany:api::article.article',
        'seo:component:shared.seo');
      expect(run.status, run.stderr).to.equal(0);
      expect(readJson(join(dir, 'tag.json')).attributes.articles).to.deep.equal(
        { type: 'relation', relation: 'manyToMany', target: 'api::article.article' });
    });

    it('refuses a relation to a missing target', () => {
      const run = generate('content-type', 'tag', '--dir', dir, 'articles:relation:manyToMany:api::article.article');
      expectFailure(run, 'tag.json: attributes.articles.target: unknown content type "api::article.article"');
      expect(existsSync(join(dir, 'tag.json'))).to.equal(false);
    });

    it('refuses to overwrite an existing file', () => {
      const file = join(dir, 'article.json');
      writeFileSync(file, '{"keep": true}\n');
      expectFailure(generate('content-type', 'article', '--dir', dir, 'title:string'), 'already exists');
      expect(readFileSync(file, 'utf8')).to.equal('{"keep": true}\n');
    });

    it('refuses a clash with an existing type', () => {
      cpSync(APP_SCHEMAS, dir, { recursive: true });
      const run = generate('content-type', 'post', '--dir', dir, '--plural', 'articles');
      expectFailure(run, 'post.json: info.pluralName: "articles" is already used');
    });

    it('refuses bad names', () => {
      expectFailure(generate('content-type', 'BlogPost', '--dir', dir), 'invalid singular name "BlogPost"');
      expectFailure(generate('content-type', 'blog_post', '--dir', dir), 'kebab-case');
      expectFailure(generate('content-type', 'post', '--plural', 'Posts', '--dir', dir), 'invalid plural name "Posts"');
      expectFailure(generate('content-type', 'news', '--plural', 'news', '--dir', dir), 'must differ');
      expectFailure(generate('content-type', 'post', '--kind', 'list', '--dir', dir), 'invalid kind "list"');
      expect(readdirSync(dir)).to.deep.equal([]);
    });

    it('refuses bad attribute specs', () => {
      expectFailure(generate('content-type', 'post', '--dir', dir, 'title'), 'expected <name>:<type>');
      expectFailure(generate('content-type', 'post', '--dir', dir, 'title:strin'), 'unknown type "strin"');
      expectFailure(generate('content-type', 'post', '--dir', dir, 'title:string:requried'), 'unexpected "requried"');
      expectFailure(generate('content-type', 'post', '--dir', dir, 'views:integer:min=abc'), 'min must be a number');
      expectFailure(generate('content-type', 'post', '--dir', dir, 'cat:relation'), 'missing relation');
      expectFailure(generate('content-type', 'post', '--dir', dir, 'a:string', 'a:text'), 'attribute "a" is given twice');
      expect(readdirSync(dir)).to.deep.equal([]);
    });

    it('reports schema problems found by the validator', () => {
      const run = generate('content-type', 'post', '--dir', dir, 'id:string', 'title:string:requried=true', 'n:integer:min=5:max=1');
      expectFailure(run, 'invalid schema');
      expect(run.stderr).to.include('post.json: attributes.id: reserved attribute name');
      expect(run.stderr).to.include('post.json: attributes.title.requried: unknown option');
      expect(run.stderr).to.include('post.json: attributes.n.min: must not be greater than max');
      expect(existsSync(join(dir, 'post.json'))).to.equal(false);
    });
  });

  describe('component', () => {
    it('writes components/<category>/<name>.json', () => {
      const run = generate('component', 'blocks.call-to-action', '--dir', dir, 'label:string:required', 'url:string');
      expect(run.status, run.stderr).to.equal(0);
      const file = join(dir, 'components', 'blocks', 'call-to-action.json');
      expect(run.stdout).to.include(file);
      expect(readJson(file)).to.deep.equal({
        collectionName: 'components_blocks_call_to_actions',
        info: { displayName: 'Call To Action' },
        options: {},
        attributes: { label: { type: 'string', required: true }, url: { type: 'string' } },
      });
    });

    it('names the table of a component already named in the plural once, and keeps an existing table name', () => {
      expect(generate('component', 'sections.featured-recipes', '--dir', dir, 'title:string').status).to.equal(0);
      expect(readJson(join(dir, 'components', 'sections', 'featured-recipes.json')).collectionName).to.equal('components_sections_featured_recipes');
      expect(generate('component', 'shared.address', '--dir', dir).status).to.equal(0);
      expect(readJson(join(dir, 'components', 'shared', 'address.json')).collectionName).to.equal('components_shared_addresses');
      // A table the old rule named (already in the database): the file holds its name, and keeps it
      const old = join(dir, 'components', 'sections', 'old-recipes.json');
      writeFileSync(old, JSON.stringify({ collectionName: 'components_sections_old_recipeses', info: { displayName: 'Old' }, options: {}, attributes: {} }));
      expect(generate('attribute', 'sections.old-recipes', 'title:string', '--dir', dir).status).to.equal(0);
      expect(readJson(old)).to.deep.include({ collectionName: 'components_sections_old_recipeses', attributes: { title: { type: 'string' } } });
    });

    it('nests existing components and refuses unknown ones', () => {
      cpSync(APP_SCHEMAS, dir, { recursive: true });
      expect(generate('component', 'blocks.hero', '--dir', dir, 'links:component:shared.link:repeatable:max=3').status).to.equal(0);
      expectFailure(generate('component', 'blocks.card', '--dir', dir, 'x:component:shared.nope'), 'unknown component "shared.nope"');
      expectFailure(generate('component', 'blocks.zone', '--dir', dir, 'z:dynamiczone:shared.link'),
        'components/blocks/zone.json: attributes.z.type: dynamic zones are not allowed inside components');
    });

    it('refuses to overwrite, bad names and content-type options', () => {
      expect(generate('component', 'shared.box', '--dir', dir).status).to.equal(0);
      expectFailure(generate('component', 'shared.box', '--dir', dir), 'already exists');
      expectFailure(generate('component', 'box', '--dir', dir), 'expected <category>.<name>');
      expectFailure(generate('component', 'Shared.box', '--dir', dir), 'invalid component category "Shared"');
      expectFailure(generate('component', 'shared.box', '--kind', 'singleType', '--dir', dir), '--kind only applies to content types');
    });
  });

  describe('i18n, the other side of relations, attributes added later', () => {
    it('--i18n makes a localized content type', () => {
      const run = generate('content-type', 'recipe', '--i18n', 'title:string', '--dir', dir);
      expect(run.status, run.stderr).to.equal(0);
      expect(readJson(join(dir, 'recipe.json')).pluginOptions).to.deep.equal({ i18n: { localized: true } });
      expectFailure(generate('component', 'shared.step', '--i18n', '--dir', dir), '--i18n only applies to content types');
    });

    it('marks an attribute shared by every locale with localized=false, added later too', () => {
      const run = generate('content-type', 'product', '--i18n', 'name:string', 'sku:string:unique:localized=false', '--dir', dir);
      expect(run.status, run.stderr).to.equal(0);
      expect(readJson(join(dir, 'product.json')).attributes).to.deep.equal({
        name: { type: 'string' },
        sku: { type: 'string', unique: true, pluginOptions: { i18n: { localized: false } } },
      });
      expect(generate('attribute', 'product', 'stock:integer:localized=false', '--dir', dir).status).to.equal(0);
      expect(readJson(join(dir, 'product.json')).attributes.stock).to.deep.equal({ type: 'integer', pluginOptions: { i18n: { localized: false } } });
      expectFailure(generate('attribute', 'product', 'price:decimal:localized=no', '--dir', dir), 'localized must be true or false');
    });

    it('writes the other side of a relation into its target when asked with inversedBy or mappedBy', () => {
      expect(generate('content-type', 'cuisine', 'name:string', '--dir', dir).status).to.equal(0);
      const run = generate('content-type', 'recipe', 'cuisine:relation:manyToOne:api::cuisine.cuisine:inversedBy=recipes',
        'variants:relation:manyToMany:api::recipe.recipe:inversedBy=variantOf', '--dir', dir);
      expect(run.status, run.stderr).to.equal(0);
      expect(run.stdout).to.include(`updated ${join(dir, 'cuisine.json')} (the other side of a relation)`);
      expect(readJson(join(dir, 'cuisine.json')).attributes.recipes).to.deep.equal({
        type: 'relation', relation: 'oneToMany', target: 'api::recipe.recipe', mappedBy: 'cuisine',
      });
      // A relation to itself gets both sides in the one new file
      expect(readJson(join(dir, 'recipe.json')).attributes.variantOf).to.deep.equal({
        type: 'relation', relation: 'manyToMany', target: 'api::recipe.recipe', mappedBy: 'variants',
      });
    });

    it('leaves a target that already has the attribute to validation, and writes nothing when it fails', () => {
      expect(generate('content-type', 'cuisine', 'recipes:string', '--dir', dir).status).to.equal(0);
      const before = readFileSync(join(dir, 'cuisine.json'), 'utf8');
      const run = generate('content-type', 'recipe', 'cuisine:relation:manyToOne:api::cuisine.cuisine:inversedBy=recipes', '--dir', dir);
      expect(run.status).to.equal(1);
      expect(run.stderr).to.include('recipes');
      expect(existsSync(join(dir, 'recipe.json'))).to.equal(false);
      expect(readFileSync(join(dir, 'cuisine.json'), 'utf8')).to.equal(before);
    });

    it('adds attributes to an existing content type or component, with the other side of a relation', () => {
      expect(generate('content-type', 'cuisine', 'name:string', '--dir', dir).status).to.equal(0);
      expect(generate('content-type', 'recipe', 'title:string', '--dir', dir).status).to.equal(0);
      expect(generate('component', 'shared.step', 'text:text', '--dir', dir).status).to.equal(0);
      const run = generate('attribute', 'recipe', 'minutes:integer:min=0', 'cuisine:relation:manyToOne:api::cuisine.cuisine:inversedBy=recipes', '--dir', dir);
      expect(run.status, run.stderr).to.equal(0);
      expect(run.stdout).to.equal(`updated ${join(dir, 'recipe.json')}\nupdated ${join(dir, 'cuisine.json')} (the other side of a relation)\n`);
      const recipe = readJson(join(dir, 'recipe.json'));
      expect(Object.keys(recipe.attributes)).to.deep.equal(['title', 'minutes', 'cuisine']);
      expect(readJson(join(dir, 'cuisine.json')).attributes.recipes.mappedBy).to.equal('cuisine');
      expect(generate('attribute', 'shared.step', 'photo:media', '--dir', dir).status).to.equal(0);
      expect(readJson(join(dir, 'components', 'shared', 'step.json')).attributes.photo).to.deep.equal({ type: 'media' });
      expectFailure(generate('attribute', 'recipe', 'title:text', '--dir', dir), 'already has an attribute "title"');
      expectFailure(generate('attribute', 'dessert', 'title:text', '--dir', dir), 'no content type "dessert"');
      expectFailure(generate('attribute', 'recipe', '--dir', dir), 'no attributes given');
      expectFailure(generate('attribute', 'recipe', 'x:string', '--kind', 'singleType', '--dir', dir), '--kind only applies to a new content type');
      // A bad one changes nothing
      const before = readFileSync(join(dir, 'recipe.json'), 'utf8');
      expectFailure(generate('attribute', 'recipe', 'chef:relation:manyToOne:api::chef.chef', '--dir', dir), 'chef');
      expect(readFileSync(join(dir, 'recipe.json'), 'utf8')).to.equal(before);
    });
  });

  describe('command line', () => {
    it('prints help with the shorthand grammar', () => {
      const run = generate('--help');
      expect(run.status).to.equal(0);
      expect(run.stdout).to.include('content-type <singularName>');
      expect(run.stdout).to.include('Attribute shorthand');
    });

    it('refuses unknown commands and options', () => {
      expectFailure(generate('model', 'x'), 'unknown command "model"');
      expectFailure(generate('content-type', 'x', '--wat', '--dir', dir), 'unknown option --wat');
      expectFailure(generate('content-type', '--dir', dir), 'missing <singularName>');
      expectFailure(generate('content-type', 'x', '--dir'), '--dir needs a value');
    });

    it('exits 1 with usage when called without arguments', () => {
      const run = generate();
      expect(run.status).to.equal(1);
      expect(run.stderr).to.include('Usage:');
    });
  });
});
