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

// The API reference routes of SPEC §2 (issue #12), per manual version, under /docs/manual/{v}/.
const belt = `array debug float hash-map hash-map-int hash-map-string hash-set hash-set-int hash-set-string id int list
map map-dict map-int map-string mutable-map mutable-map-int mutable-map-string mutable-queue mutable-set
mutable-set-int mutable-set-string mutable-stack option range result set set-dict set-int set-string sort-array
sort-array-int sort-array-string`.split(/\s+/);
const js = `array array-2 console date dict exn float global int json list math null nullable null-undefined obj option
promise re result string string-2 typed-array typed-array-2 types undefined vector`.split(/\s+/);
const typedArray2 = `array-buffer data-view float-32-array float-64-array int-8-array int-16-array int-32-array uint-8-array
uint-16-array uint-32-array uint-8-clamped-array type-s`.split(/\s+/);
const legacyApi = [
  'api', 'api/belt', 'api/js', 'api/dom',
  ...belt.map((m) => `api/belt/${m}`),
  ...js.map((m) => `api/js/${m}`),
  ...typedArray2.map((m) => `api/js/typed-array-2_${m}`),
];
const newApi = (lib) => ['api', `api/${lib}`, 'api/belt', 'api/js', 'api/dom', `api/${lib}/array`, 'api/belt/hash-map-int', 'api/belt/array', 'api/js/array-2'];
export const apiPages = {
  'v8.0.0': [...legacyApi, 'api/dom/storage', 'api/dom/storage2'],
  'v9.0.0': legacyApi,
  'v10.0.0': legacyApi,
  'v11.0.0': newApi('core'),
  'v12.0.0': newApi('stdlib'),
  latest: newApi('core'),
};
