// The two rich-text editors in chromium, offline. Markdown: the toolbar and Ctrl+B write it, and
// the preview shows a heading and a link but never a javascript: link. Blocks: a heading, a
// paragraph with bold text and a link (Ctrl+B, Ctrl+K), a list, a quote and a code block typed in
// give exactly Strapi's JSON; an untouched document saved again is byte-identical, a complex one
// made through the API too (nested list, combined marks, a link with marks, keys the editor does
// not know, a block type it does not know); a keystroke changes only what it typed, also at the
// end of a 60-block document. axe finds nothing serious in the editors, the preview and the
// link dialog.

import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../../../helpers/axe.js';
import { BROWSER_RUN, type PanelBrowser, signIn, usePanel, whenSaved } from '../../../helpers/panel.js';
import { useKernel, type Json } from '../../../helpers/suite.js';
import { adminOptions, as, PASSWORD, registerFirstAdmin, type Session } from '../helpers.js';

const ARTICLES = '/content-manager/collection-types/api::article.article';

const MARKDOWN = '## Title\n\nSome **strong**, see [docs](https://example.org/docs).\n\n[bad](javascript:alert(1))';

const TYPED = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Getting started' }] },
  {
    type: 'paragraph', children: [
      { type: 'text', text: 'Some ' }, { type: 'text', text: 'bold', bold: true }, { type: 'text', text: ' text and a ' },
      { type: 'link', url: 'https://example.com/x', children: [{ type: 'text', text: 'link' }] }, { type: 'text', text: '' },
    ],
  },
  { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'First' }] }, { type: 'list-item', children: [{ type: 'text', text: 'Second' }] }] },
  { type: 'quote', children: [{ type: 'text', text: 'A quote' }] },
  { type: 'code', children: [{ type: 'text', text: 'const a = 1;\nreturn a;' }] },
];

const COMPLEX = [
  { type: 'heading', level: 3, children: [{ type: 'text', text: 'Mixed ' }, { type: 'text', text: 'marks', bold: true, italic: true, underline: true }] },
  {
    type: 'paragraph', children: [
      { type: 'text', text: 'Before ' },
      { type: 'link', url: 'https://example.com/a?b=c', children: [{ type: 'text', text: 'bold link', bold: true }, { type: 'text', text: ' struck code', strikethrough: true, code: true }] },
      { type: 'text', text: ' after', italic: true },
    ],
  },
  {
    type: 'list', format: 'ordered', children: [
      { type: 'list-item', children: [{ type: 'text', text: 'One' }] },
      { type: 'list', format: 'unordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'One.a', code: true }] }] },
      { type: 'list-item', children: [{ type: 'text', text: 'Two' }] },
    ],
  },
  { type: 'code', language: 'ts', children: [{ type: 'text', text: 'let x = 1;\n\nx++;' }] },
  { type: 'image', image: { name: 'a.png', alternativeText: 'An image', url: 'https://cdn.example.com/a.png', width: 10, height: 10, hash: 'a', ext: '.png', mime: 'image/png', size: 1.2 }, children: [{ type: 'text', text: '' }] },
  { type: 'quote', children: [{ type: 'text', text: 'Quoted\nover two lines' }] },
  { type: 'paragraph', children: [{ type: 'text', text: 'Unknown keys kept', custom: 'x' }] },
  { type: 'callout', tone: 'warning', children: [{ type: 'text', text: 'A block type the editor does not know' }] },
  { type: 'paragraph', children: [{ type: 'text', text: 'javascript: ' }, { type: 'link', url: 'javascript:alert(1)', children: [{ type: 'text', text: 'kept, not linked' }] }, { type: 'text', text: '' }] },
];

(BROWSER_RUN ? describe : describe.skip)('admin panel: Markdown and blocks editors (chromium)', function () {
  this.timeout(90_000);
  const app = useKernel(adminOptions());
  const panel = usePanel(app);
  let b: PanelBrowser;
  let page: Page;
  let ada: Session;

  const create = async (data: Json): Promise<string> => {
    const res = await as(app(), ada).post(`${ARTICLES}?locale=en`, data);
    expect(res.status, res.text).to.equal(201);
    return res.body.data.documentId as string;
  };
  const read = async (id: string): Promise<Json> => {
    const res = await as(app(), ada).get(`${ARTICLES}/${id}?locale=en`);
    expect(res.status, res.text).to.equal(200);
    return res.body.data as Json;
  };
  const open = async (id: string) => {
    await page.goto(`${app().url}/admin/content-manager/collection-types/api::article.article/${id}?locale=en`);
    await page.getByRole('toolbar', { name: 'content: formatting' }).waitFor();
  };
  const save = () => whenSaved(page, () => page.getByRole('button', { name: 'Save', exact: true }).click());
  const region = (name: string) => page.getByRole('textbox', { name, exact: true });
  const blockType = () => page.getByRole('toolbar', { name: 'content: formatting' }).getByLabel('Block type');

  before(async () => {
    ada = await registerFirstAdmin(app());
    b = await panel.open();
    page = b.page;
    await signIn(page, app(), 'ada@example.com', PASSWORD);
  });

  let typedId = '';

  it('writes Markdown with the toolbar and Ctrl+B; the preview links only safe addresses', async () => {
    typedId = await create({ title: 'Typed by hand' });
    await open(typedId);
    const toolbar = page.getByRole('toolbar', { name: 'body: formatting' });
    const body = page.getByLabel('body', { exact: true });
    await body.click();
    await toolbar.getByRole('button', { name: 'Heading' }).click();
    await page.keyboard.type('Title');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Some ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('strong');
    await page.keyboard.press('End');
    await page.keyboard.type(', see docs');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await toolbar.getByRole('button', { name: 'Link' }).click();
    await page.keyboard.type('https://example.org/docs');
    await page.keyboard.press('End');
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('[bad](javascript:alert(1))');
    expect(await body.inputValue()).to.equal(MARKDOWN);

    await toolbar.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'body: preview' });
    await preview.getByRole('heading', { name: 'Title', level: 2 }).waitFor();
    expect(await preview.locator('strong').innerText()).to.equal('strong');
    expect(await preview.getByRole('link', { name: 'docs' }).getAttribute('href')).to.equal('https://example.org/docs');
    expect(await preview.getByRole('link', { name: 'bad' }).count()).to.equal(0);
    expect(await preview.getByText('bad', { exact: true }).count()).to.equal(1);
    expect(await preview.locator('[href^="javascript"], script').count()).to.equal(0);
    expect(await seriousViolations(page, 'markdown preview')).to.deep.equal([]);
    await toolbar.getByRole('button', { name: 'Preview' }).click();
    await body.waitFor();
  });

  it('writes blocks: a heading, bold text and a link, a list, a quote, code; saved as Strapi JSON', async () => {
    await region('content, block 1: Paragraph').click();
    await blockType().selectOption('heading-2');
    await region('content, block 1: Heading 2').waitFor();
    await page.keyboard.type('Getting started');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Some ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' text and a ');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Add a link' });
    await dialog.getByLabel('Address').fill('javascript:alert(1)');
    await dialog.getByLabel('Text').fill('link');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await seriousViolations(page, 'link dialog')).to.deep.equal([]);
    await dialog.getByLabel('Address').fill('https://example.com/x');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await region('content, block 2: Paragraph').getByRole('link', { name: 'link' }).waitFor();
    const toolbar = page.getByRole('toolbar', { name: 'content: formatting' });
    expect(await toolbar.getByRole('button', { name: 'Link' }).getAttribute('aria-pressed')).to.equal('true');
    await page.keyboard.press('Enter');
    await blockType().selectOption('list-unordered');
    await region('content, block 3: Bulleted list, item 1').waitFor();
    await page.keyboard.type('First');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await blockType().selectOption('quote');
    await page.keyboard.type('A quote');
    await page.keyboard.press('Enter');
    await blockType().selectOption('code');
    await page.keyboard.type('const a = 1;');
    await page.keyboard.press('Enter');
    await page.keyboard.type('return a;');
    // Ctrl+S from inside a block saves what was just typed
    await whenSaved(page, () => page.keyboard.press('Control+s'));
    const doc = await read(typedId);
    expect(doc.content).to.deep.equal(TYPED);
    expect(doc.body).to.equal(MARKDOWN);
  });

  it('saves the typed document again, untouched, byte for byte', async () => {
    const before = JSON.stringify((await read(typedId)).content);
    await open(typedId);
    await region('content, block 5: Code').waitFor();
    await save();
    expect(JSON.stringify((await read(typedId)).content)).to.equal(before);
  });

  it('keeps a complex document made through the API byte for byte when saved untouched', async () => {
    const id = await create({ title: 'Complex', content: COMPLEX });
    const stored = JSON.stringify((await read(id)).content);
    expect(JSON.parse(stored)).to.deep.equal(COMPLEX);
    await open(id);
    await region('content, block 3: Numbered list, item 2.1').waitFor();
    expect(await region('content, block 9: Paragraph').getByRole('link').count()).to.equal(0);
    await page.getByText('A block of type “callout”').waitFor();
    await region('content, block 2: Paragraph').click();
    expect(await seriousViolations(page, 'blocks editor')).to.deep.equal([]);
    await save();
    expect(JSON.stringify((await read(id)).content)).to.equal(stored);

    // Typing at the end of two blocks changes those blocks' text only: marks, links and keys stay
    await region('content, block 2: Paragraph').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('!');
    await region('content, block 7: Paragraph').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('.');
    await save();
    const after = (await read(id)).content as Json[];
    const expected = structuredClone(COMPLEX) as Json[];
    expected[1]!.children[2].text = ' after!';
    expected[6]!.children[0].text = 'Unknown keys kept.';
    expect(after).to.deep.equal(expected);
  });

  it('moves, adds and removes blocks with the toolbar; Backspace removes an empty block and joins a block to the one before', async () => {
    const p = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });
    const id = await create({ title: 'Moves', content: [p('A'), p('B'), p('C')] });
    await open(id);
    const toolbar = page.getByRole('toolbar', { name: 'content: formatting' });
    await region('content, block 2: Paragraph').click();
    // By keyboard: the button keeps the focus, so it can be pressed again
    await toolbar.getByRole('button', { name: 'Move the block up' }).focus();
    await page.keyboard.press('Enter');
    expect(await region('content, block 1: Paragraph').innerText()).to.equal('B');
    await toolbar.getByRole('button', { name: 'Add a paragraph after the block' }).click();
    await page.keyboard.type('new');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    // At the end of "new": the right arrow goes on to the start of the next block, "A"
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Backspace');
    await region('content, block 3: Paragraph').click();
    await toolbar.getByRole('button', { name: 'Remove the block' }).click();
    await save();
    expect((await read(id)).content).to.deep.equal([p('B'), { type: 'paragraph', children: [{ type: 'text', text: 'newA' }] }]);
  });

  // How fast that is, is measured in bench/ (npm run bench -- --panel), never here
  it('types at the end of a 60-block document, changing that block only', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ type: 'paragraph', children: [{ type: 'text', text: `Paragraph ${i + 1} ` }, { type: 'text', text: 'with bold', bold: true }] }));
    const id = await create({ title: 'Long', content: many });
    await open(id);
    await region('content, block 60: Paragraph').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' and more text typed at the end of it', { delay: 0 });
    await whenSaved(page, () => page.keyboard.press('Control+s'));
    const content = (await read(id)).content as Json[];
    expect(content[59]).to.deep.equal({ type: 'paragraph', children: [{ type: 'text', text: 'Paragraph 60 ' }, { type: 'text', text: 'with bold and more text typed at the end of it', bold: true }] });
    expect(JSON.stringify(content.slice(0, 59))).to.equal(JSON.stringify(many.slice(0, 59)));
  });
});
