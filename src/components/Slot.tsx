/**
 * Server-rendered HTML inside an island that the client must not re-render (highlighted code).
 * The client reads each slot's HTML back from the DOM before hydrating, so it is never serialised twice.
 */
export function Slot({ html }: { html: string }) {
  return <div data-slot="" dangerouslySetInnerHTML={{ __html: html }} />;
}
