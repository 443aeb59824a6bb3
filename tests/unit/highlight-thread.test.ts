// The highlight thread of middling builds (src/pipeline/highlight-thread.ts), on a real worker of
// the built bundle (npm test builds dist/ first).
import { afterEach, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { MessagePort, Worker } from 'node:worker_threads';

const originalPost = MessagePort.prototype.postMessage;
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

/** The last thread started; every one started is stopped after each test. */
let worker: Worker | undefined;
const started: Worker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.terminate()));
});

function start(): HighlightThread {
  worker = new Worker(path.join(repo, 'bin', 'load.cjs'), { workerData: { docsgenBundle: 'highlight-worker.cjs' } });
  started.push(worker);
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
    expect(thread.fill(html).html).toBe((await Promise.all(jobs.map(expected))).map((h) => `<div>${h}</div>`).join(''));
    thread.close();
  });

  it('sends a block asked for again only once, and answers every repeat with its HTML', async () => {
    const posted: unknown[] = [];
    const spy = vi.spyOn(MessagePort.prototype, 'postMessage').mockImplementation(function (this: MessagePort, message: unknown, transfer?: readonly Transferable[]) {
      posted.push(message);
      originalPost.call(this, message, transfer as never);
    });
    try {
      const thread = start();
      // The same block twice before any answer, then again after the answer, with another between.
      const page1 = `${thread.highlight(jobs[0]!)}|${thread.highlight(jobs[1]!)}|${thread.highlight({ ...jobs[0]! })}`;
      thread.flush(true);
      await thread.settle();
      const page2 = `${thread.highlight({ ...jobs[0]! })}|${thread.highlight(jobs[2]!)}|${thread.highlight(jobs[1]!)}`;
      await thread.settle();
      expect(thread.answered).toBe(6);
      const want = await Promise.all(jobs.map(expected));
      expect(thread.fill(page1).html).toBe(`${want[0]}|${want[1]}|${want[0]}`);
      expect(thread.fill(page2).html).toBe(`${want[0]}|${want[2]}|${want[1]}`);
      const sentJobs = posted.filter(Array.isArray).flat() as HighlightOptions[];
      expect(sentJobs.map((j) => j.code)).toEqual([jobs[0]!.code, jobs[1]!.code, jobs[2]!.code]);
      thread.close();
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a block known from the page\'s last compile without sending it, and says where each block ends up', async () => {
    const last = start();
    const thread = start();
    const lastHtml = `<p>x</p>${last.highlight(jobs[0]!)}<p>y</p>${last.highlight(jobs[1]!)}`;
    await last.settle();
    const before = last.fill(lastHtml);
    expect(before.blocks.map(([, s, e]) => before.html.slice(s, e))).toEqual([await expected(jobs[0]!), await expected(jobs[1]!)]);
    last.close();

    // The page again, its first block changed: the second comes from the last compile.
    const known = new Map(before.blocks.map(([k, s, e]) => [k, before.html.slice(s, e)]));
    thread.reuseFor(new Map([...known].map(([k, h]) => [k, h.replace('<pre', '<pre data-reused')])));
    const changed = { lang: 'rescript', code: 'let greeting = "hi"' };
    const html = `<p>x</p>${thread.highlight(changed)}<p>y</p>${thread.highlight(jobs[1]!)}`;
    expect(thread.queued).toBe(2);
    expect(thread.answered).toBe(0); // the first block is the thread's: the page waits for it
    await thread.settle();
    const after = thread.fill(html);
    expect(after.html).toBe(`<p>x</p>${await expected(changed)}<p>y</p>${(await expected(jobs[1]!)).replace('<pre', '<pre data-reused')}`);
    expect(after.blocks.map(([, s, e]) => after.html.slice(s, e))).toEqual([await expected(changed), (await expected(jobs[1]!)).replace('<pre', '<pre data-reused')]);
    expect(after.blocks[1]![0]).toBe(before.blocks[1]![0]);
    expect(after.blocks[0]![0]).not.toBe(before.blocks[0]![0]);
    thread.close();
  });

  it('answers in order across several flushes', async () => {
    const thread = start();
    const first = thread.highlight(jobs[0]!);
    thread.flush();
    const second = thread.highlight(jobs[1]!);
    thread.flush();
    await thread.settle();
    expect(thread.fill(second + first).html).toBe((await expected(jobs[1]!)) + (await expected(jobs[0]!)));
    thread.close();
  });

  it('tells the waiter as answers come in, so the pages they complete need not wait for the last', async () => {
    const thread = start();
    const first = thread.highlight(jobs[0]!);
    thread.flush(true);
    // A long block: its answer comes well after the first one's.
    const long = { lang: 'javascript', code: Array.from({ length: 4000 }, (_, i) => `const v${i} = f(${i}, "s${i}");`).join('\n') };
    const second = thread.highlight(long);
    thread.flush(true);
    const seen: number[] = [];
    await thread.settle(() => seen.push(thread.answered));
    // Two messages, two answers: the first page was complete before the second answer came.
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(2);
    expect(thread.fill(first).html).toBe(await expected(jobs[0]!));
    expect(thread.fill(second).html).toBe(await expected(long));
    thread.close();
  });

  it('takes the grammars to warm up without answering them, so every job still gets its own answer', async () => {
    const thread = start();
    thread.prepare(['typescript', 'javascript', 'typescript']);
    const html = jobs.map((job) => thread.highlight(job)).join('|');
    thread.flush(true);
    thread.prepare(['shellscript']);
    const more = thread.highlight(jobs[2]!);
    thread.flush(true);
    await thread.settle();
    expect(thread.answered).toBe(jobs.length + 1);
    expect(thread.fill(html).html).toBe((await Promise.all(jobs.map(expected))).join('|'));
    expect(thread.fill(more).html).toBe(await expected(jobs[2]!));
    thread.close();
  });

  it('highlights on this thread whatever a dead thread left unanswered', async () => {
    const thread = start();
    const html = jobs.map((job) => thread.highlight(job)).join('\n');
    await worker!.terminate();
    await thread.settle();
    expect(thread.fill(html).html).toBe((await Promise.all(jobs.map(expected))).join('\n'));
    thread.close();
  });

  it('leaves HTML without placeholders as it is', () => {
    const thread = start();
    expect(thread.fill('<p>no code</p>').html).toBe('<p>no code</p>');
    thread.close();
  });
});
