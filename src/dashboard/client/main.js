// The dashboard's client code, bundled by build.ts with htmx and uPlot into src/dashboard/assets/.
// Pages work without it (plain forms); it adds answers in place (htmx), the usage chart, copy buttons
// and confirmations.
import htmx from "htmx.org";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import "./dashboard.css";

window.htmx = htmx;

function usageChart(el) {
  if (el.dataset.drawn) return;
  el.dataset.drawn = "1";
  const days = JSON.parse(el.dataset.chart);
  const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  const opts = {
    width: Math.max(320, el.clientWidth),
    height: 260,
    scales: { x: { time: true } },
    series: [
      { label: "Day", value: (_u, v) => (v == null ? "" : new Date(v * 1000).toISOString().slice(0, 10)) },
      { label: "Reads", stroke: "#2563eb", fill: "rgba(37,99,235,0.08)", width: 2 },
      { label: "Writes", stroke: "#d97706", fill: "rgba(217,119,6,0.08)", width: 2 },
    ],
    axes: [{ values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)) }, {}],
  };
  new uPlot(opts, [x, days.map((d) => d.reads), days.map((d) => d.writes)], el);
}

function copyButton(button) {
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.copy);
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      document.execCommand("copy");
    }
    button.textContent = "Copied";
  });
}

htmx.onLoad((root) => {
  for (const el of root.querySelectorAll("[data-chart]")) usageChart(el);
  for (const el of root.querySelectorAll("button[data-copy]")) copyButton(el);
  for (const form of root.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (e) => {
      if (!window.confirm(form.dataset.confirm)) e.preventDefault();
    });
  }
});
