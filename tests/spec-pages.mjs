// The page lists of SPEC §2 and issue #3, per docs version. Used by the route-coverage test.
const v11v12 = `introduction installation editor-plugins llms converting-from-js project-structure interop-cheatsheet
embed-raw-javascript shared-data-types external bind-to-js-object bind-to-js-function import-from-export-to-js
bind-to-global-js-values json inlining-constants use-illegal-identifier-names generate-converters-accessors
browser-support-polyfills libraries typescript-integration overview let-binding type primitive-types tuple record
object variant polymorphic-variant null-undefined-option array-and-list function control-flow pipe
pattern-matching-destructuring mutation jsx exception lazy-values promise async-await tagged-templates module
import-export attribute reserved-keywords equality-comparison extensible-variant scoped-polymorphic-types
build-overview build-configuration build-configuration-schema build-external-stdlib build-pinned-dependencies
interop-with-js-build-systems build-performance warning-numbers api`.split(/\s+/);
const v10 = `api array-and-list async-await attribute bind-to-global-js-values bind-to-js-function bind-to-js-object
browser-support-polyfills build-configuration-schema build-configuration build-external-stdlib build-overview
build-performance build-pinned-dependencies control-flow converting-from-js editor-plugins embed-raw-javascript
exception extensible-variant external faq function generate-converters-accessors import-export
import-from-export-to-js inlining-constants installation interop-cheatsheet interop-with-js-build-systems
introduction json jsx lazy-values let-binding libraries migrate-from-bucklescript-reason module mutation
newcomer-examples null-undefined-option object overview pattern-matching-destructuring pipe polymorphic-variant
primitive-types project-structure promise record reserved-keywords scoped-polymorphic-types shared-data-types try
tuple type unboxed use-illegal-identifier-names variant warning-numbers`.split(/\s+/);
const without = (list, drop) => list.filter((s) => !drop.split(' ').includes(s));
const v9 = without(v10, 'async-await extensible-variant scoped-polymorphic-types warning-numbers');
const v8 = without(v9, 'attribute build-configuration-schema build-external-stdlib build-pinned-dependencies inlining-constants polymorphic-variant unboxed');
const reactAll = `introduction installation migrate-react elements-and-jsx rendering-elements components-and-props
arrays-and-keys events refs-and-the-dom context memo styling router lazy-components import-export-reactjs
hooks-overview hooks-effect hooks-state hooks-reducer hooks-context hooks-ref hooks-custom beyond-jsx
forwarding-refs extensions-of-props llms`.split(/\s+/);
const latestOnly = 'events memo lazy-components import-export-reactjs';

export const manualPages = {
  'v8.0.0': v8,
  'v9.0.0': v9,
  'v10.0.0': v10,
  'v11.0.0': [...v11v12, 'module-functions', 'newcomer-examples', 'faq'],
  'v12.0.0': [...v11v12, 'editor-code-analysis', 'dict', 'migrate-to-v11', 'try'],
};
export const reactPages = {
  latest: reactAll,
  'v0.11.0': without(reactAll, latestOnly),
  'v0.10.0': without(reactAll, `${latestOnly} extensions-of-props`),
};
