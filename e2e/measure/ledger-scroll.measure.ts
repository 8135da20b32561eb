import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { cpuReaders } from "../../bench/support/cpu.ts";
import { appendToReport } from "../../bench/support/report.ts";
import { waitedLine, waitForQuiet, waitForStartupWork } from "../../bench/support/settle.ts";
import { closeBrowser } from "../support/artifacts.ts";
import { type BrowserSession, openBrowser } from "../support/browser.ts";
import { demoProjectId, query } from "../support/db.ts";
import { signInAs } from "../support/session.ts";

/**
 * The ledger's speed in Chromium at 100,000 rows in one range (issue 12): part of `npm run bench`, not of the
 * tests, because a figure of time depends on what else the machine runs (the quality bar: speed is measured by
 * benchmarks). Run alone: `npm run bench:browser`. It prints the figures and still fails when the first rows take
 * a second or more, or scrolling makes a long task over 50 ms.
 */

const tableReady = (page: Page) => page.locator('[data-testid="ledger-table"][data-disabled="false"]').waitFor();

/** A range of its own far in the past, so the 100,000 rows change no other flow's billing period. */
const BIG_RANGE = { fromDate: "2020-01-01", toDate: "2020-12-31" };
/** The range's last day: a row every five minutes, 288 of them. */
const ONE_DAY = { fromDate: "2020-12-31", toDate: "2020-12-31" };
const BIG_COUNT = 100_000;
const BIG_MARK = "Mælingarfærsla";

/**
 * Gives the demo company 100,000 settled purchases in 2020 with one INSERT ... SELECT (as bench/suites/ledger.ts
 * seeds its million), spread over its cards, a third uncategorised, then ANALYZE so the planner knows them.
 */
const seedBigRange = async (projectId: string): Promise<void> => {
  await query(
    `with c as (select array_agg(id order by id) ids, array_agg(cardholder_id order by id) holders,
                       array_agg(team_id order by id) teams
                  from cards where project_id = $1),
          cat as (select coalesce(array_agg(id order by id), '{}') ids from categories
                   where project_id = $1 and "group" = 'Default')
     insert into transactions (project_id, card_id, user_id, team_id, description, merchant_name, original_amount,
                               original_currency, transaction_amount, transaction_date, closed_at, category_id)
     select $1, c.ids[k], c.holders[k], c.teams[k], $3 || ' ' || g, 'Verslun ' || (g % 997), a, 'ISK', a,
            '2020-12-31T23:00:00Z'::timestamptz - make_interval(secs => g * 300),
            '2020-12-31T23:00:00Z'::timestamptz - make_interval(secs => g * 300 - 3600),
            case when g % 3 = 0 or cardinality(cat.ids) = 0 then null else cat.ids[1 + g % cardinality(cat.ids)] end
       from generate_series(1, $2::int) g, c, cat,
            lateral (select 1 + g % cardinality(c.ids) as k, 500 + (g::bigint * 7919) % 50000 as a) x`,
    [projectId, BIG_COUNT, BIG_MARK],
  );
  await query("analyze transactions");
};

/** The server's process id; the measure cannot wait for an idle server without it. */
const serverPid = (): number => {
  const pid = inject("serverPid");
  if (pid === undefined) throw new Error("The e2e server's process id is unknown");
  return pid;
};

type Measured = { firstRowAt: number | null; longTasks: { start: number; duration: number }[] };

/**
 * Runs in the page before any of its scripts: records when the first ledger row appears (ms since navigation
 * start) and every long task (over 50 ms) the browser reports.
 */
const installProbes = () => {
  const measured: Measured = { firstRowAt: null, longTasks: [] };
  (window as unknown as { __ledger: Measured }).__ledger = measured;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      measured.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  const watch = new MutationObserver(() => {
    if (document.querySelector('[data-testid="ledger-row"]')) {
      measured.firstRowAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document, { childList: true, subtree: true });
};

type Scrolled = {
  ms: number;
  /** Rows in the scroller's page at the end, and the deepest of them (aria-rowindex). */
  rendered: number;
  deepest: number;
  longTasks: { start: number; duration: number }[];
};

/** Runs in the page: 300 frames of 400 px (about 8 rows each) down the scroller with this test id. */
const scrollFrames = async (testId: string): Promise<Scrolled> => {
  const probes = (window as unknown as { __ledger: Measured }).__ledger;
  const scroller = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!scroller) throw new Error(`No ${testId}`);
  const startedAt = performance.now();
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let step = 0; step < 300; step++) {
    scroller.scrollTop += 400;
    await frame();
  }
  const rowIndexes = Array.from(scroller.querySelectorAll('[data-testid="ledger-row"]'), (row) =>
    Number(row.getAttribute("aria-rowindex")),
  );
  return {
    ms: performance.now() - startedAt,
    rendered: rowIndexes.length,
    deepest: Math.max(...rowIndexes),
    longTasks: probes.longTasks.filter((task) => task.start >= startedAt),
  };
};

const describeScroll = (run: Scrolled): string =>
  `scrolled to row ${run.deepest} in ${Math.round(run.ms)} ms with ${run.rendered} rows in the page; ` +
  `long tasks: ${JSON.stringify(run.longTasks.map((task) => Math.round(task.duration)))} ms`;

/**
 * Runs in the page: the scroll's floor. A copy of the ledger's scroller lies over Kort's, at its place and size, with
 * copies of the rows Kort shows, and the least code that keeps rows in view: on each scroll event it drops the rows
 * that left and adds the ones that came in, placed by index, with the same overscan. No React, no table model, no
 * data: what is left is what Chromium spends on the rows themselves. Kort's table is left as it is: hidden and shown
 * again, it scrolled half again as slowly, with 70 tasks of about 100 ms (docs/decisions.md).
 */
const showPlainCopy = () => {
  const table = document.querySelector<HTMLElement>('[data-testid="ledger-table"]');
  const sample = table?.querySelector<HTMLElement>('[data-testid="ledger-row"]');
  if (!table || !sample) throw new Error("No ledger rows to copy");
  const rowHeight = sample.offsetHeight;
  const templates = Array.from(table.querySelectorAll('[data-testid="ledger-row"]'), (row) => row.cloneNode(true));
  const copy = table.cloneNode(true) as HTMLElement;
  copy.dataset.testid = "ledger-plain-copy";
  const body = copy.querySelector("tbody");
  if (!body) throw new Error("No table body to copy");
  const count = 5000;
  // LedgerTable.tsx's OVERSCAN: a page function runs in the browser and cannot import it; change both together.
  const overscan = 8;
  body.replaceChildren();
  body.style.height = `${count * rowHeight}px`;
  const shown = new Map<number, HTMLElement>();
  const place = () => {
    const first = Math.max(0, Math.floor(copy.scrollTop / rowHeight) - overscan);
    const last = Math.min(count - 1, Math.ceil((copy.scrollTop + copy.clientHeight) / rowHeight) + overscan);
    for (const [index, row] of shown) {
      if (index >= first && index <= last) continue;
      row.remove();
      shown.delete(index);
    }
    for (let index = first; index <= last; index++) {
      if (shown.has(index)) continue;
      const row = templates[index % templates.length]?.cloneNode(true) as HTMLElement;
      row.style.transform = `translateY(${index * rowHeight}px)`;
      row.setAttribute("aria-rowindex", String(index + 2));
      body.append(row);
      shown.set(index, row);
    }
  };
  copy.addEventListener("scroll", place, { passive: true });
  const { top, left, width, height } = table.getBoundingClientRect();
  Object.assign(copy.style, {
    position: "fixed",
    top: `${top}px`,
    left: `${left}px`,
    width: `${width}px`,
    height: `${height}px`,
    zIndex: "1000",
    background: "white",
  });
  document.body.append(copy);
  place();
};

/** Runs in the page: the plain copy goes. */
const removePlainCopy = () => {
  document.querySelector('[data-testid="ledger-plain-copy"]')?.remove();
};

/** The plain copy's scroll, from the top (a fresh copy each time, of the rows Kort shows now). */
const scrollPlainCopy = async (page: Page): Promise<Scrolled> => {
  await page.evaluate(showPlainCopy);
  const run = await page.evaluate(scrollFrames, "ledger-plain-copy");
  await page.evaluate(removePlainCopy);
  return run;
};

describe("expenses ledger at 100,000 rows", () => {
  let browser: BrowserSession | undefined;
  let projectId = "";
  afterEach(async (context) => {
    await closeBrowser(browser, context);
    browser = undefined;
    if (projectId) {
      await query("delete from transactions where project_id = $1 and description like $2", [
        projectId,
        `${BIG_MARK} %`,
      ]);
    }
  });

  it("shows the first rows in under 1 s and scrolls without a long task over 50 ms", {
    timeout: 600_000,
  }, async (context) => {
    // The machine's two cores are the browser's, the server's and PostgreSQL's. What is measured is the page, so the
    // server's start-up work (reading the demo receipts, a minute of a core) and the wake of the 100,000 rows
    // (autovacuum, the disk's write-back) end first, as the bench waits before its figures (bench/support/settle.ts;
    // what the start-up work did to this figure: docs/decisions.md, "The measure waits for an idle server").
    console.log(
      `  ${waitedLine("the server's start-up work", await waitForStartupWork(inject("databaseUrl"), serverPid()))}`,
    );
    projectId = await demoProjectId();
    await seedBigRange(projectId);
    const readers = (await cpuReaders(inject("databaseUrl")))(serverPid());
    console.log(`  ${waitedLine("the wake of the seeded rows", await waitForQuiet(readers))}`);
    // A browser of its own, signed in as the accountant, at the demo company, with the probes in each page it loads.
    const openLedger = async () => {
      browser = await openBrowser({ width: 1280, height: 900 });
      await signInAs(browser.page, "accountant@demo.is", "is");
      await browser.page.evaluate((id) => localStorage.setItem("kort.project", id), projectId);
      await browser.page.addInitScript(installProbes);
      return browser.page;
    };
    let page = await openLedger();

    // The app is in the browser's cache, as for anyone who uses it: what is measured is the range, not the
    // first download. Then three fresh loads of the page at the range (scripts, session, the first keyset page
    // and its rows), of which the median must be under 1 s; the machine runs other work beside the browser.
    await page.goto(`${inject("baseUrl")}/expenses`);
    await page.getByTestId("ledger-row").first().waitFor();
    const medianFirstRows = async (range: { fromDate: string; toDate: string }) => {
      const loads: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        await page.goto(`${inject("baseUrl")}/expenses?fromDate=${range.fromDate}&toDate=${range.toDate}`);
        await page.getByTestId("ledger-row").first().waitFor();
        const at = await page.evaluate(() => (window as unknown as { __ledger: Measured }).__ledger.firstRowAt);
        loads.push(Math.round(at ?? Number.POSITIVE_INFINITY));
      }
      return { loads, median: [...loads].sort((a, b) => a - b)[1] ?? Number.POSITIVE_INFINITY };
    };
    // The floor: the same page at one day of the same rows (288 of them), the least the ledger shows rows for. The
    // whole range is loaded last: the scroll below runs on it.
    const day = await medianFirstRows(ONE_DAY);
    console.log(`  first rows of one day after ${day.loads.join(", ")} ms (median ${day.median})`);
    const { loads, median } = await medianFirstRows(BIG_RANGE);
    console.log(`  first rows of ${BIG_COUNT} after ${loads.join(", ")} ms (median ${median})`);
    expect(median).toBeLessThan(1000);

    // The scroll runs in a browser of its own, opened at the range once, as by a person who opens the ledger and
    // scrolls. In the browser of the loads above, the scroll also paid for their garbage: a tab's pages share one
    // JavaScript heap, which held 50 MB before the scroll, 10 MB of it alive. The full collections that garbage
    // brought on were the scroll's long tasks (docs/decisions.md, "The scroll's long tasks were the loads'
    // garbage").
    await closeBrowser(browser, context);
    page = await openLedger();
    await page.goto(`${inject("baseUrl")}/expenses?fromDate=${BIG_RANGE.fromDate}&toDate=${BIG_RANGE.toDate}`);
    await page.getByTestId("ledger-row").first().waitFor();
    await tableReady(page);

    // A fast scroll through over two thousand rows, 400 px (about 8 rows) a frame, loading page after page by
    // cursor as the end of what is loaded comes near. Its floor is the same scroll in the same page over copies of
    // the rows Kort shows, kept in view by plain DOM code (showPlainCopy), once before Kort's scroll and once after,
    // since the machine's speed moves from one minute to the next; the floor column takes the faster of the two.
    const plainBefore = await scrollPlainCopy(page);
    console.log(`  the plain copy, before: ${describeScroll(plainBefore)}`);
    const scrolled = await page.evaluate(scrollFrames, "ledger-table");
    console.log(`  Kort: ${describeScroll(scrolled)}`);
    const plainAfter = await scrollPlainCopy(page);
    console.log(`  the plain copy, after: ${describeScroll(plainAfter)}`);
    const plain = plainBefore.ms <= plainAfter.ms ? plainBefore : plainAfter;
    const longest = (run: Scrolled) => Math.max(0, ...run.longTasks.map((task) => task.duration));
    await appendToReport([
      {
        name: `ledger in Chromium: first rows of a ${BIG_COUNT.toLocaleString("en")}-row range, median of 3 loads (goal under 1 s; floor column: one day of the same rows)`,
        figure: "first rows",
        unit: "ms",
        kort: median,
        floor: day.median,
      },
      {
        name: "ledger in Chromium: 300 frames of 400 px past row 2,000 (floor column: the same rows as plain DOM in the same page, the faster of two runs)",
        figure: "scroll time",
        unit: "ms",
        kort: scrolled.ms,
        floor: plain.ms,
      },
      {
        name: "ledger in Chromium: the longest task of that scroll (0: none over 50 ms; goal: none; floor column: the plain DOM's)",
        figure: "longest task",
        unit: "ms",
        kort: longest(scrolled),
        floor: longest(plain),
      },
    ]);
    // Pages came in by cursor as the end neared, and only the rows in view (and a few around) are in the page.
    expect(scrolled.deepest).toBeGreaterThan(2000);
    expect(scrolled.rendered).toBeLessThan(60);
    expect(plainBefore.deepest).toBeGreaterThan(2000);
    expect(plainAfter.deepest).toBeGreaterThan(2000);
    expect(scrolled.longTasks).toEqual([]);
  });
});
