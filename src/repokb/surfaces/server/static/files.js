// The Files panel: a project's records a page at a time (GET /knowledge/files) — each file's
// status, kind, language and first reason — filtered and ordered; a row opens explain. Uses
// $, api, el, setStatus, fillSelect, explain and KINDS from app.js (loaded first).
"use strict";

const FILES_PAGE = 50;
const DECISION_WORDS = {indexed: "indexed", metadata_only: "metadata only", blocked: "blocked",
  skipped: "skipped", failed: "failed"};
let filesOffset = 0;
let filesTotal = 0;
let filesSeen = null;  // the files recorded at the last stats: a change lists the page again

function decisionBadge(record) {
  const label = record.folder ? "left out" : DECISION_WORDS[record.decision] || record.decision;
  return el("span", {class: `badge ${record.decision}`}, label);
}

function fileRow(record) {
  const c = record.classification || {};
  const reason = record.reason || (c.reasons || [])[0] || "";
  const shown = record.folder ? `${record.path}/` : record.path;
  return el("li", {title: "explain this file", "data-project": record.project,
    onclick: () => explain(record.project, record.path)},
  decisionBadge(record), el("span", {class: "path"}, shown),
  c.kind ? el("span", {class: "badge"}, c.kind) : null,
  c.language ? el("span", {class: "badge"}, c.language) : null,
  el("span", {class: "reason small"}, reason));
}

async function loadFiles(offset = filesOffset) {
  const params = new URLSearchParams({offset: String(offset), limit: String(FILES_PAGE),
    order: $("files-order").value});
  for (const [key, id] of [["project", "files-project"], ["status", "files-decision"],
    ["kind", "files-kind"], ["path", "files-path"]]) {
    const value = $(id).value.trim();
    if (value) params.set(key, value);
  }
  try {
    const page = await api("GET", `/knowledge/files?${params}`, {ask: false});
    filesOffset = page.offset;
    filesTotal = page.total;
    $("files-list").replaceChildren(...page.files.map(fileRow));
    const counts = Object.entries(page.by_decision).filter(([, n]) => n)
      .map(([d, n]) => `${DECISION_WORDS[d] || d} ${n}`).join(" · ");
    const noun = page.total === 1 ? "record" : "records";
    setStatus("files-summary", page.total ? `${page.total} ${noun}${counts ? ` (${counts})` : ""}`
      : `No records match${counts ? ` (${counts} without the status filter)` : ""}.`);
    const last = Math.min(page.offset + page.files.length, page.total);
    $("files-page").textContent = page.total ? `${page.offset + 1}–${last} of ${page.total}` : "";
    $("files-prev").disabled = page.offset === 0;
    $("files-next").disabled = last >= page.total;
  } catch (e) {
    setStatus("files-summary", e.message, true);
  }
}

function filesChosen(event) {
  if (event) event.preventDefault();
  loadFiles(0);
}

document.addEventListener("repokb:stats", (event) => {
  const stats = event.detail;
  const before = $("files-project").value;
  fillSelect("files-project", Object.keys(stats.by_project).sort(), "all projects");
  if (stats.files !== filesSeen || $("files-project").value !== before) {
    filesSeen = stats.files;  // an upload, an index run or a flush changed the records
    loadFiles();
  }
});

fillSelect("files-kind", KINDS, "all kinds");
$("files-form").addEventListener("submit", filesChosen);
for (const id of ["files-project", "files-decision", "files-kind", "files-order"]) {
  $(id).addEventListener("change", filesChosen);
}
$("files-prev").addEventListener("click", () => loadFiles(Math.max(0, filesOffset - FILES_PAGE)));
$("files-next").addEventListener("click", () => {
  if (filesOffset + FILES_PAGE < filesTotal) loadFiles(filesOffset + FILES_PAGE);
});
