import { Loader, Stack, Text } from "@mantine/core";
import { GlobalWorkerOptions, getDocument } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

GlobalWorkerOptions.workerSrc = workerUrl;

/** Rendered pages' width in CSS pixels; the canvas has the screen's pixel density, so text stays sharp. */
const WIDTH = 640;

/**
 * The in-app PDF viewer (issue 15): pdf.js renders every page of the file at `url` into a canvas. Loaded only when a
 * person opens an invoice (React.lazy), so pdf.js never weighs on the first load. Any failure to fetch, parse or draw
 * shows the spec's "PDF loading or rendering failed".
 */
export default function PdfViewer({ url }: { url: string }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "rendered" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ url, isEvalSupported: false });
    const render = async () => {
      const pdf = await task.promise;
      const target = container.current;
      if (!target) return;
      target.replaceChildren();
      for (let number = 1; number <= pdf.numPages; number++) {
        const page = await pdf.getPage(number);
        if (cancelled) return;
        const scale = WIDTH / page.getViewport({ scale: 1 }).width;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = document.createElement("canvas");
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${WIDTH}px`;
        canvas.style.maxWidth = "100%";
        canvas.dataset.testid = "pdf-page";
        target.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState("rendered");
    };
    render().catch(() => {
      if (!cancelled) setState("failed");
    });
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url]);

  return (
    <Stack gap="sm" align="center" data-testid="pdf-viewer" data-state={state}>
      {state === "loading" && <Loader size="sm" aria-label={t("states.loading")} />}
      {state === "failed" && (
        <Text c="red" role="alert" data-testid="pdf-error">
          {t("invoices.errors.pdf")}
        </Text>
      )}
      <div ref={container} style={{ display: "flex", flexDirection: "column", gap: 12 }} />
    </Stack>
  );
}
