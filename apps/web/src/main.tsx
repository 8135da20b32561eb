import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { initI18n } from "./app/i18n/i18n.ts";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

await initI18n();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
