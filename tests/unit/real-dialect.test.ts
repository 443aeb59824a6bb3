// Constructs met in the ReScript team's own pages (found by building a sample of them), each
// reproduced with a minimal input of our own.
import { describe, expect, it } from 'vitest';
import { compile } from '../helpers/compile.ts';
import { $, attr, parse } from '../helpers/html.ts';

describe('<Video>', () => {
  it('embeds a video host player page in an iframe, keeps <video> for media files', async () => {
    const page = await compile(
      '<Video src="https://player.example.com/embed/abc" caption="Talk" />\n\n<Video src="/media/clip.mp4" />\n',
    );
    const tree = parse(page.html);
    expect(attr($(tree, 'figure.video iframe'), 'src')).toBe('https://player.example.com/embed/abc');
    expect(attr($(tree, 'figure.video iframe'), 'title')).toBe('Talk');
    expect(attr($(tree, 'figure.video video'), 'src')).toBe('/media/clip.mp4');
    expect(page.messages).toEqual([]);
  });
});

describe('<Image>', () => {
  it('describes the picture with alt, else its caption, and warns at an image with neither', async () => {
    const page = await compile(
      '<Image src="/a.png" alt="A chart of build times" caption="Build times" />\n\n<Image src="/b.png" caption="The logo" />\n\n<Image src="/c.png" alt="" />\n\n<Image\n  src="/d.png"\n  externalLink="https://example.com"\n/>\n',
    );
    const tree = parse(page.html);
    expect(attr($(tree, 'img[src="/a.png"]'), 'alt')).toBe('A chart of build times');
    expect(attr($(tree, 'img[src="/b.png"]'), 'alt')).toBe('The logo');
    expect(attr($(tree, 'img[src="/c.png"]'), 'alt')).toBe(''); // said to only decorate: no warning
    expect(page.messages).toMatchObject([
      { line: 7, column: 1, severity: 'warning', ruleId: 'component-text-alternative', reason: '<Image> has no `alt` or `caption`: screen readers skip what it shows' },
    ]);
  });
});

describe('boolean attributes written as strings', () => {
  it('read "true" / "false" as booleans, with a warning at the attribute', async () => {
    const page = await compile('Text\n\n<Image\n  src="/a.png"\n  withShadow="true"\n  alt=""\n/>\n\n<Image src="/b.png" withShadow="false" alt="" />\n');
    const tree = parse(page.html);
    expect(attr($(tree, 'img[src="/a.png"]'), 'className')).toBe('shadow');
    expect(attr($(tree, 'img[src="/b.png"]'), 'className')).toBeUndefined();
    expect(page.messages).toMatchObject([
      { line: 5, column: 3, severity: 'warning', ruleId: 'component-prop-coerced' },
      { line: 9, severity: 'warning', ruleId: 'component-prop-coerced' },
    ]);
  });

  it('still refuse other strings for a boolean attribute, at the attribute', async () => {
    const page = await compile('<Image src="/a.png" withShadow="yes" />\n\n<Info\n  tone="calm">x</Info>\n');
    expect(page.messages).toMatchObject([
      { line: 1, column: 21, severity: 'error', ruleId: 'component-prop-type' },
      { line: 4, column: 3, severity: 'warning', ruleId: 'component-prop-unknown' },
    ]);
  });
});

describe('required attributes', () => {
  it('are errors when missing (at the tag) or empty (at the attribute)', async () => {
    const page = await compile('<Video caption="Talk" />\n\n<Image\n  src=" "\n/>\n\n<UrlBox href="" text="Docs" />\n');
    expect(page.messages).toMatchObject([
      { line: 1, column: 1, severity: 'error', ruleId: 'component-prop-missing', reason: '<Video> needs the `src` attribute' },
      { line: 4, column: 3, severity: 'error', ruleId: 'component-prop-empty', reason: 'Attribute `src` of <Image> is empty' },
      { line: 7, column: 9, severity: 'error', ruleId: 'component-prop-empty', reason: 'Attribute `href` of <UrlBox> is empty' },
    ]);
  });
});

describe('attributes that are not literals', () => {
  it('are reported once, where they are written, a template literal at its substitution', async () => {
    const page = await compile('<Image src={path} caption={`Figure ${n}`} />\n');
    expect(page.messages).toMatchObject([
      { line: 1, column: 13, severity: 'error', ruleId: 'attribute-not-static', reason: expect.stringMatching(/`src` .* found identifier$/) },
      { line: 1, column: 38, severity: 'error', ruleId: 'attribute-not-static', reason: expect.stringMatching(/`caption` .* found template substitution$/) },
    ]);
    expect(page.html).not.toContain('<img');
  });
});

describe('empty braces in text', () => {
  it('warn instead of vanishing silently; comments stay silent', async () => {
    const page = await compile('An object like { } here.\n\n{/* note */}\n');
    expect(page.messages).toMatchObject([{ line: 1, column: 16, severity: 'warning', ruleId: 'expression-empty' }]);
  });
});
