/** Manual pages per version (SPEC §2, issue #3). */
export const manualPages: Record<string, string[]>;
/** React docs pages per version. */
export const reactPages: Record<string, string[]>;
