// One theme whose colours are CSS variables: code is tokenized once and the stylesheet gives the
// light and dark palettes. (shiki's dual-theme mode tokenizes every block once per theme: 3x slower.)
import type { ThemeRegistration } from 'shiki/core';

const v = (name: string) => `var(--hl-${name})`;

/** Scope groups → colour variable. Order matters: later, more specific rules win. */
const GROUPS: [string[], string, string?][] = [
  [['comment', 'punctuation.definition.comment', 'string.comment'], 'comment', 'italic'],
  [['keyword', 'storage', 'storage.type', 'storage.modifier', 'keyword.control'], 'keyword'],
  [['keyword.operator', 'punctuation.accessor', 'keyword.operator.arrow'], 'operator'],
  [['string', 'string.quoted', 'string.template', 'punctuation.definition.string', 'markup.inline.raw'], 'string'],
  [['constant.character.escape', 'string.regexp', 'constant.other.placeholder', 'punctuation.definition.template-expression', 'punctuation.section.embedded'], 'escape'],
  [['constant', 'constant.numeric', 'constant.language', 'support.constant', 'variable.other.constant', 'variable.other.enummember'], 'constant'],
  [['entity.name.type', 'support.type', 'entity.name.class', 'entity.other.inherited-class', 'support.class'], 'type'],
  [['entity.name.function', 'support.function', 'meta.function-call entity.name.function', 'variable.function'], 'function'],
  [['entity.name.namespace', 'entity.name.module', 'support.module', 'entity.name.type.module'], 'module'],
  [['entity.name.tag', 'punctuation.definition.tag', 'support.class.component'], 'tag'],
  [['entity.other.attribute-name', 'meta.decorator', 'punctuation.decorator', 'entity.name.function.decorator', 'variable.parameter.label'], 'attribute'],
  [['variable.parameter', 'meta.parameter'], 'parameter'],
  [['markup.heading', 'entity.name.section', 'markup.bold'], 'keyword'],
  [['markup.inserted', 'meta.diff.header.to-file', 'punctuation.definition.inserted'], 'inserted'],
  [['markup.deleted', 'meta.diff.header.from-file', 'punctuation.definition.deleted'], 'deleted'],
  [['markup.changed', 'meta.diff.range'], 'changed'],
];

export const CSS_VARIABLE_THEME: ThemeRegistration = {
  name: 'docsgen',
  type: 'light',
  colors: { 'editor.foreground': v('fg'), 'editor.background': v('bg') },
  fg: v('fg'),
  bg: v('bg'),
  settings: [
    { settings: { foreground: v('fg'), background: v('bg') } },
    ...GROUPS.map(([scope, name, fontStyle]) => ({
      scope,
      settings: { foreground: v(name), ...(fontStyle ? { fontStyle } : {}) },
    })),
  ],
};
