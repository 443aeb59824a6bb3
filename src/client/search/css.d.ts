// Stylesheets imported as text (`with { type: 'text' }`): the modal injects DocSearch's CSS when it
// first opens, so pages that never search never load it.
declare module '*.css' {
  const text: string;
  export default text;
}
