import { describe, expect, it } from 'vitest';
import { isActiveDocsNav, isActiveNav } from '../../src/components/shell/TopBar.tsx';

describe('top bar links', () => {
  it('mark the section the route is in', () => {
    expect(isActiveNav('/docs/manual/latest/introduction', '/docs/react/latest/hooks-state')).toBe(true);
    expect(isActiveNav('/blog', '/blog/hello')).toBe(true);
    expect(isActiveNav('/blog', '/blogroll')).toBe(false);
    expect(isActiveNav('/', '/about')).toBe(false);
  });
});

describe('docs bar links', () => {
  it('mark the docs section being read, in any version, API pages under API', () => {
    expect(isActiveDocsNav('/docs/react/latest/introduction', '/docs/react/v0.11.0/hooks-state')).toBe(true);
    expect(isActiveDocsNav('/docs/manual/latest/introduction', '/docs/manual/v8.0.0/pipe')).toBe(true);
    expect(isActiveDocsNav('/docs/manual/latest/introduction', '/docs/manual/v11.0.0/api/belt')).toBe(false);
    expect(isActiveDocsNav('/docs/manual/v11.0.0/api', '/docs/manual/v11.0.0/api/belt')).toBe(true);
    expect(isActiveDocsNav('/docs/manual/v11.0.0/api', '/docs/react/latest/introduction')).toBe(false);
    expect(isActiveDocsNav('/syntax-lookup', '/syntax-lookup')).toBe(true);
    expect(isActiveDocsNav('/syntax-lookup', '/docs/manual/v11.0.0/pipe')).toBe(false);
  });
});
