// The top bar's search button (server-rendered). It works once the client entry runs: a click, `/`
// or ctrl/meta+K loads the search modal (src/client/search/open.ts).
export function SearchButton() {
  return (
    <button type="button" className="search-button" data-search-open="" aria-label="Search" aria-keyshortcuts="/ Control+K Meta+K">
      <svg className="search-button-icon" width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l4.15 4.14-1.06 1.06-4.14-4.15A5.5 5.5 0 1 1 8.5 3zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" fill="currentColor" />
      </svg>
      <span className="search-button-label">Search</span>
      <kbd className="search-button-key" aria-hidden="true">
        /
      </kbd>
    </button>
  );
}
