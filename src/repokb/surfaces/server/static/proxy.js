// The LLM proxy panel: outcome counters, latencies and the last requests (GET /proxy/stats),
// with the API key this tab was given (keyHeader and visible: app.js, loaded first).
"use strict";

const PROXY_EVERY_MS = 5000;

function proxyCell(text) {
  const td = document.createElement("td");
  td.textContent = text == null ? "" : visible(text);  // text only: questions are user input
  return td;
}

function ms(value) {
  return value == null ? "–" : `${value} ms`;
}

async function refreshProxy() {
  let data;
  try {
    const response = await fetch("/proxy/stats", {cache: "no-store", headers: keyHeader()});
    if (!response.ok) return;
    data = await response.json();
  } catch (error) {
    return;
  }
  for (const [outcome, count] of Object.entries(data.outcomes)) {
    const node = document.getElementById(`proxy-${outcome}`);
    if (node) node.textContent = count;
  }
  document.getElementById("proxy-tokens").textContent = data.tokens_injected;
  document.getElementById("proxy-cached").textContent = data.cache ? data.cache.entries : "–";
  document.getElementById("proxy-latency").textContent =
    `added before the upstream: p50 ${ms(data.added_ms.p50)}, p99 ${ms(data.added_ms.p99)} · ` +
    `upstream: p50 ${ms(data.upstream_ms.p50)}, p99 ${ms(data.upstream_ms.p99)} · ` +
    `warnings ${data.warnings} · upstream errors ${data.upstream_errors}`;
  const body = document.getElementById("proxy-recent");
  body.replaceChildren(...data.recent.map((r) => {
    const row = document.createElement("tr");
    row.className = `outcome-${r.outcome}`;
    row.append(proxyCell(new Date(r.time * 1000).toLocaleTimeString()), proxyCell(r.protocol),
               proxyCell(r.question), proxyCell(r.outcome),
               proxyCell(r.projects.join(", ") || "all"), proxyCell(r.files.join(", ")),
               proxyCell(r.added_ms), proxyCell(r.upstream_ms ?? "–"));
    return row;
  }));
}

refreshProxy();
setInterval(refreshProxy, PROXY_EVERY_MS);
