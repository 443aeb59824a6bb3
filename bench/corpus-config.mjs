#!/usr/bin/env node
// corpus-config.mjs CONTENT_DIR CONFIG_DIR
// Writes a docsgen config for a generated benchmark corpus: a sidebar listing every page grouped by
// section (the same work the peers do: every page carries a sidebar of all corpus pages).
import fs from 'node:fs';
import path from 'node:path';

const [content, configDir] = process.argv.slice(2);
if (!content || !configDir) {
  console.error('usage: corpus-config.mjs CONTENT_DIR CONFIG_DIR');
  process.exit(2);
}
const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name.endsWith('.md') ? [path.relative(content, p).split(path.sep).join('/')] : [];
  });
const sidebar = {};
for (const file of walk(content).sort()) {
  const slug = file.replace(/\.md$/, '');
  const section = slug.includes('/') ? slug.split('/')[0] : 'Home';
  (sidebar[section] ??= []).push(slug);
}
// Section index pages first within each section.
for (const items of Object.values(sidebar)) items.sort((a, b) => (b.endsWith('/index') ? 1 : 0) - (a.endsWith('/index') ? 1 : 0) || a.localeCompare(b));
fs.mkdirSync(path.join(configDir, 'sidebars'), { recursive: true });
fs.writeFileSync(path.join(configDir, 'sidebars', 'corpus.json'), JSON.stringify(sidebar, null, 2));
fs.writeFileSync(
  path.join(configDir, 'site.json'),
  JSON.stringify({ title: 'Corpus', description: 'Benchmark corpus', url: 'http://localhost', nav: [{ name: 'Home', href: '/' }], sidebars: { corpus: '/' } }, null, 2),
);
