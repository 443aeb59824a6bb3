// serve --watch ignores editors' scratch files: saving through vim, Emacs or an editor that writes
// `name.tmp` and renames it must rebuild the site once, not once per scratch file.
import { describe, expect, it } from 'vitest';
import { isEditorScratch } from '../../src/cli/serve.ts';

describe('editor scratch files', () => {
  it('are swap, backup, lock and temporary files', () => {
    for (const f of ['/s/config/versions.json.tmp', '/s/content/pipe.mdx~', '/s/content/.pipe.mdx.swp', '/s/content/.#pipe.mdx', 'C:\\s\\content\\pipe.mdx~']) expect(isEditorScratch(f), f).toBe(true);
  });
  it('are never a source, whatever folder it is in', () => {
    for (const f of ['/s/content/pipe.mdx', '/s/content/tmp/pipe.mdx', '/s/config/site.json', '/s/public/img/x.tmp.png', '/s/content/swap.mdx']) expect(isEditorScratch(f), f).toBe(false);
  });
});
