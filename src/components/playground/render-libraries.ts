// The libraries a rendered Output run may import (react, react/jsx-runtime, react-dom,
// react-dom/client), bundled by src/pipeline/bundle.ts into one classic script whose text the
// playground hands to its sandboxed frame (render-run.ts). Not imported by any module: the frame
// has a realm of its own, so it needs React's source, not the page's React.
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { LIBRARIES_KEY } from './run.ts';

(globalThis as unknown as Record<symbol, unknown>)[Symbol.for(LIBRARIES_KEY)] = {
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
};
