// The text of render-libraries.ts bundled as a classic script: a module of the client bundle made
// by src/pipeline/bundle.ts (`renderLibrariesPlugin`), imported by render-run.ts only.
declare module 'docsgen:playground-render-libraries' {
  const source: string;
  export default source;
}
