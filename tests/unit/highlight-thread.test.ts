// The highlight thread of middling builds (src/pipeline/highlight-thread.ts), on a real worker of
// the built bundle (npm test builds dist/ first).
import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HighlightThread } from '../../src/pipeline/highlight-thread.ts';
import { highlightToHtml, type HighlightOptions } from '../../src/render/highlight.ts';
import { highlighter } from '../helpers/compile.ts';
import { repo } from '../helpers/cli.ts';

const jobs: HighlightOptions[] = [
  { lang: 'rescript', code: 'let greeting = "hello"' },
  { lang: 'javascript', code: 'const a = 1;\nconst b = `two`;', highlight: new Set([2]) },
  { lang: 'shellscript', code: 'npm install rescript' },
  { lang: 'text', code: '<not> & html' },
];

let worker: Worker | undefined;
afterEach(async () => {
  await worker?.terminate();
});

function start(): HighlightThread {
  worker = new Worker(path.join(repo, 'bin', 'load.cjs'), { workerData: { docsgenBundle: 'highlight-worker.cjs' } });
  return new HighlightThread(worker);
}

async function expected(job: HighlightOptions): Promise<string> {
  return highlightToHtml(await highlighter(), job);
}

describe('HighlightThread', () => {
  it('puts placeholders where the HTML goes and fills them with what this thread would have made', async () => {
    const thread = start();
    const html = jobs.map((job) => `<div>${thread.highlight(job)}</div>`).join('');
    expect(html).not.toContain('<pre');
    expect(thread.queued).toBe(jobs.length);
    await thread.settle();
    expect(thread.answered).toBe(jobs.length);
    expect(worker!.threadId, 'answered by the thread, not by the fallback').toBeGreaterThan(0);
    expect(thread.fill(html)).toBe((await Promise.all(jobs.map(expected))).map((h) => `<div>${h}</div>`).join(''));
    thread.close();
  });

  it('answers in order across several flushes', async () => {
    const thread = start();
    const first = thread.highlight(jobs[0]!);
    thread.flush();
    const second = thread.highlight(jobs[1]!);
    thread.flush();
    await thread.settle();
    expect(thread.fill(second + first)).toBe((await expected(jobs[1]!)) + (await expected(jobs[0]!)));
    thread.close();
  });

  it('highlights on this thread whatever a dead thread left unanswered', async () => {
    const thread = start();
    const html = jobs.map((job) => thread.highlight(job)).join('\n');
    await worker!.terminate();
    await thread.settle();
    expect(thread.fill(html)).toBe((await Promise.all(jobs.map(expected))).join('\n'));
    thread.close();
  });

  it('leaves HTML without placeholders as it is', () => {
    const thread = start();
    expect(thread.fill('<p>no code</p>')).toBe('<p>no code</p>');
    thread.close();
  });
});
