/** Manual pages per version (SPEC §2, issue #3). */
export const manualPages: Record<string, string[]>;
/** React docs pages per version. */
export const reactPages: Record<string, string[]>;
/** API reference routes per manual version (SPEC §2, issue #12), relative to /docs/manual/{v}/. */
export const apiPages: Record<string, string[]>;
