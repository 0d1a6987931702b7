// repokb dashboard: plain JS over the REST API, no build step, nothing fetched from elsewhere.
"use strict";

const $ = (id) => document.getElementById(id);
const KINDS = ["source", "test", "test_fixture", "documentation", "configuration", "contract",
  "schema", "infrastructure", "ci_cd", "dependency_manifest", "lockfile", "generated", "vendor",
  "build_artifact", "asset", "data", "log", "binary", "secret_candidate", "unknown"];
const CONCURRENCY = 2;          // uploads in flight; the server writes one at a time anyway
const LEFT_OUT_BATCH = 1000;    // folders per POST /knowledge/ingest/left-out (the server takes 10,000)
const STATS_EVERY_MS = 5000;

let config = null;              // GET /knowledge/client-config: skip lists and limits
let upload = null;              // the running upload: {controller, cancelled}

// -- API -------------------------------------------------------------------------------------
// The server refuses writes a cross-site page could send: every request from here carries the
// x-repokb-client header (which no page of another site may add without a CORS preflight the
// server never grants). A server with an API key (on the network it must have one) wants it on
// every request: asked for at its first 401, kept in this tab only (sessionStorage). A prompt
// dismissed is not shown again until the user does something (a click, a choice, a submit):
// neither by the calls the page made together nor by the refresh every few seconds, which
// never asks (a modal prompt every 5 s held the tab of someone without the key at hand).
const KEY_ITEM = "repokb-api-key";
let keyDeclined = false;
for (const type of ["click", "change", "submit"]) {
  document.addEventListener(type, () => { keyDeclined = false; }, true);
}

function storedKey() { return sessionStorage.getItem(KEY_ITEM) || ""; }

function keyHeader() { return storedKey() ? {"x-api-key": storedKey()} : {}; }

async function api(method, path, {json, form, headers = {}, signal, ask = true} = {}, retried = false) {
  const init = {method, headers: {"x-repokb-client": "dashboard", ...headers}, signal};
  const key = storedKey();
  if (key && !init.headers["x-api-key"]) init.headers["x-api-key"] = key;
  if (json !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(json);
  } else if (form) {
    init.body = form;
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (_) { /* empty body */ }
  if (response.status === 401 && !retried && !headers["x-api-key"]) {
    // The page's first calls go out together: the key asked for by the first refusal answers
    // the others (a prompt holds the page, so it is stored before they get here).
    const fresh = storedKey();
    const entered = fresh && fresh !== key ? fresh : !ask || keyDeclined ? null
      : window.prompt(key ? "That API key was refused. This repokb server's key (kept in this tab only):"
        : "This repokb server needs its API key (kept in this tab only):");
    if (entered) {
      sessionStorage.setItem(KEY_ITEM, entered);
      return api(method, path, {json, form, headers, signal, ask}, true);
    }
    if (ask) keyDeclined = true;
  }
  if (!response.ok) {
    const err = (data && data.error) || {message: `HTTP ${response.status}`, hint: ""};
    const id = err.request_id ? ` (request ${err.request_id})` : "";
    const e = new Error(err.message + (err.hint ? ` — ${err.hint}` : "") + id);
    e.status = response.status;
    e.details = err.details || [];
    throw e;
  }
  return data;
}

// Names, contents and reasons come from repositories: they are only ever text here (never
// markup), and each control character or bidirectional override in them shows as a visible
// escape, as in the CLI (surfaces/render.py), so `rtl_\u202egnp.py` does not read as
// `rtl_yp.png` nor reorder what follows it. Requests still carry the raw values.
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(text) {
  return String(text).replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, k === "title" ? visible(v) : v);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) node.append(typeof child === "string" ? visible(child) : child);
  }
  return node;
}

function setStatus(id, text, isError = false) {
  $(id).textContent = visible(text);
  $(id).classList.toggle("error", isError);
}

// -- choosing a folder, filtering, uploading -------------------------------------------------
// A folder the server's walk leaves out by its name (node_modules, .git, build ...) or its
// name's ending (.egg-info: client-config's skip_dir_suffixes) is left out here too, unless it holds one of that name's source markers: a Python package named
// `build` (build/__init__.py) is sources, not build output. The rule is the server's
// (client-config: skip_dirs, source_markers); `holds(marker)` says whether the folder has it.
// So is a folder the walk leaves out for a marker it holds (client-config: marker_dirs, the
// server's one table: a virtualenv's pyvenv.cfg, MSBuild's bin/Debug, a crate cargo vendor
// copied, Carton's local/lib/perl5); a marker ending in "/" is a folder.
function skippedFolder(name, holds) {
  if ((config.skip_dir_suffixes || []).some((suffix) => name.endsWith(suffix))) return true;
  return config.skip_dirs.includes(name) && !(config.source_markers[name] || []).some(holds);
}

function globMatch(pattern, name) {
  const re = pattern.replace(/[.+^${}()|\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${re}$`).test(name);
}

// The marker rows whose folder name matches `name` (client-config: marker_dirs).
function markerRows(name) {
  return (config.marker_dirs || []).filter((row) => globMatch(row.name, name));
}

function markerSkipped(name, holds) {
  return markerRows(name).some((row) => row.markers.some(holds));
}

// What leaves the folder `name` out, as the server is told (POST /knowledge/ingest/left-out):
// {marker} (the marker it holds, null for a folder left out by its name), or null when it is
// uploaded. The server judges again by its own rules and records the walk's reason.
function folderLeftOut(name, holds) {
  if (skippedFolder(name, holds)) return {marker: null};
  for (const row of markerRows(name)) {
    const marker = row.markers.find(holds);
    if (marker) return {marker};
  }
  return null;
}

// `present`: every chosen file's path; `folders`: every folder above one, to see what a
// folder holds.
// `opened`: folders left out here that the server's rules enter (the project's .repokb.yml
// reopens them: the server refused them as left out).
// The outermost folder above `relPath` that is left out: {path, marker}, or null.
function leftOutFolder(relPath, present, folders, opened = new Set()) {
  const parts = relPath.split("/");
  for (let i = 1; i < parts.length; i++) {
    const folder = parts.slice(0, i).join("/");
    if (opened.has(folder)) continue;
    const why = folderLeftOut(parts[i - 1], (marker) => marker.includes("*")
      ? presentMatches(present, folder, marker) : marker.endsWith("/")
      ? folders.has(`${folder}/${marker.slice(0, -1)}`) : present.has(`${folder}/${marker}`));
    if (why) return {path: folder, marker: why.marker};
  }
  return null;
}

function skipReason(relPath, size, present, folders, opened) {
  const parts = relPath.split("/");
  const name = parts[parts.length - 1];
  if (leftOutFolder(relPath, present, folders, opened)) return "skipped folder";
  if (config.skip_files.includes(name)) return "skipped file";
  // a notebook is read for its cells' sources, not its outputs: it may be larger (the server
  // still records one whose sources alone are over max_file_bytes as metadata only)
  const notebook = name.toLowerCase().endsWith(".ipynb");
  if (size > (notebook ? Math.max(config.max_file_bytes, config.max_notebook_bytes || 0)
    : config.max_file_bytes)) return "too large";
  return null;
}

// Every folder above one of `paths` ("a/b/c.txt": "a", "a/b").
function foldersOf(paths) {
  const folders = new Set();
  for (const path of paths) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  return folders;
}

// Whether a chosen file lies directly in `folder` with a name matching the glob `marker`
// (`*.go`: a Go package named like build output).
function presentMatches(present, folder, marker) {
  const prefix = `${folder}/`;
  for (const path of present) {
    const rest = path.startsWith(prefix) ? path.slice(prefix.length) : null;
    if (rest !== null && !rest.includes("/") && globMatch(marker, rest)) return true;
  }
  return false;
}

// Whether the folder `handle` holds `marker` (a path in it; a trailing "/": a folder; a glob:
// a file in it whose name matches).
async function handleHolds(handle, marker) {
  if (marker.includes("*")) {
    for await (const [name, entry] of handle.entries()) {
      if (entry.kind === "file" && globMatch(marker, name)) return true;
    }
    return false;
  }
  const parts = marker.replace(/\/$/, "").split("/");
  try {
    let dir = handle;
    for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part);
    const last = parts[parts.length - 1];
    if (marker.endsWith("/")) await dir.getDirectoryHandle(last); else await dir.getFileHandle(last);
    return true;
  } catch (_) {
    return false;  // absent
  }
}

function filesFromInput(fileList) {
  // webkitRelativePath is "folder/sub/file.ext": the folder names the project.
  const files = Array.from(fileList);
  const root = files.length ? files[0].webkitRelativePath.split("/")[0] : "";
  return {root, entries: files.map((f) => ({file: f, path: f.webkitRelativePath.split("/").slice(1).join("/")}))};
}

async function filesFromHandle(dir, prefix = "", out = []) {
  // File System Access API: skipped folders are not even entered (`out.leftOut` lists them).
  out.leftOut = out.leftOut || [];
  for await (const [name, handle] of dir.entries()) {
    const path = prefix ? `${prefix}/${name}` : name;
    if (handle.kind === "directory") {
      const held = new Set();
      const markers = [...(config.skip_dirs.includes(name) ? config.source_markers[name] || [] : []),
        ...markerRows(name).flatMap((row) => row.markers)];
      for (const marker of markers) if (await handleHolds(handle, marker)) held.add(marker);
      const why = folderLeftOut(name, (marker) => held.has(marker));
      if (why) out.leftOut.push({path, marker: why.marker, handle});
      else await filesFromHandle(handle, path, out);
    } else {
      out.push({file: await handle.getFile(), path});
    }
  }
  return out;
}

function statusBadge(record) {
  const policy = record.classification ? record.classification.index_policy : "";
  const label = policy === "block" ? "blocked" : record.status;
  return el("span", {class: `badge ${label}`}, label);
}

function addFileRow(project, path, badge, note, explained = path) {
  const row = el("li", {title: note || "", "data-project": project, onclick: () => explain(project, explained)},
    badge, el("span", {class: "path"}, path));
  $("upload-files").prepend(row);
}

// An answer that refuses every file alike (the key, the origin, the project name) stops the
// upload and says why, rather than failing each file with the reason in its row's tooltip.
function refusesAll(error) {
  return error.status === 401 || error.status === 403 ||
    error.details.some((d) => d.location === "body.project");
}

// After an upload that sent every file, the project is brought in line with the folder: the
// server forgets its files that were not uploaded this time (deleted or renamed in the folder
// since, or now left out before upload). Destructive, so it needs the server's API key, as a
// flush does; never after a cancelled or stopped upload, nor when a file failed to send.
// `since`, the earliest time the server took one of this upload's files (their answers'
// received_at), keeps what another client uploaded to the project meanwhile.
async function pruneUpload(project, sent, unsent, since) {
  if (unsent) return {note: `; files gone from the folder since an earlier upload were kept: ` +
    `${unsent} failed to send (upload again to remove them)`, error: true};
  if (!sent.length) return {note: "", error: false};
  if (!config.api_key_configured) return {note: "; files gone from the folder since an earlier " +
    "upload were kept: removing them needs a server started with an API key (REPOKB_API_KEY), " +
    "as a flush does", error: false};
  try {
    const r = await api("POST", "/knowledge/ingest/prune", {json: {project, paths: sent, since}});
    for (const path of r.removed) {
      $("upload-files").prepend(el("li", {title: "no longer in the folder: removed from the knowledge base"},
        el("span", {class: "badge removed"}, "removed"), el("span", {class: "path"}, path)));
    }
    return {note: `; ${r.files_removed} removed (no longer in the folder)`, error: false,
      again: r.upload_again || []};
  } catch (e) {
    return {note: `; files gone from the folder since an earlier upload were kept: ${e.message}`, error: true};
  }
}

// The folders left out before uploading are recorded on the server as `repokb index` records
// them (explain, stats and the project's run then say why), in batches the server accepts.
// Their records are kept by the prune after the upload (their paths go with the files').
async function sendLeftOut(project, leftOut) {
  const recorded = [];
  const refused = [];
  try {
    for (let i = 0; i < leftOut.length; i += LEFT_OUT_BATCH) {
      const folders = leftOut.slice(i, i + LEFT_OUT_BATCH).map(({path, marker}) =>
        marker ? {path, marker} : {path});
      const r = await api("POST", "/knowledge/ingest/left-out", {json: {project, folders}});
      for (const record of r.recorded) {  // in the list, as the server recorded it (click: explain)
        recorded.push(record.path);
        addFileRow(project, `${record.path}/`, el("span", {class: "badge skipped"}, "left out"),
          record.reason, record.path);
      }
      refused.push(...r.refused);
    }
  } catch (e) {
    return {recorded, note: `; the folders left out were not recorded on the server: ${e.message}`};
  }
  return {recorded, refused: refused.map((r) => r.path), note: ""};
}

// The answer for one file sent (its head only, for a file left out here: `why`), counted and
// listed; false when it did not reach the server's record.
async function sendOne(project, entry, why, counts, sent) {
  const form = new FormData();
  if (why) {  // too large, or a name on the list: recorded as the walk records it, not read
    form.append("file", entry.file.slice(0, config.head_bytes || 8192), entry.file.name);
    form.append("size", String(entry.file.size));
    form.append("left_out", why);
  } else {
    form.append("file", entry.file, entry.file.name);
  }
  form.append("path", entry.path);
  form.append("project", project);
  const record = await api("POST", "/knowledge/ingest/file", {form, signal: upload ? upload.controller.signal : undefined});
  if (!why) {
    const outcome = record.status === "indexed" ? "indexed" : record.status === "failed" ? "failed" : "skipped";
    const before = sent.outcomes.get(entry.path);  // sent again (after a prune): counted once
    if (before) {
      counts[before.outcome] -= 1;
      counts.chunks -= before.chunks;
    }
    counts[outcome] += 1;
    counts.chunks += record.chunks;
    sent.outcomes.set(entry.path, {outcome, chunks: record.chunks});
  }
  sent.paths.push(entry.path);
  sent.since = sent.since === null ? record.received_at : Math.min(sent.since, record.received_at);
  addFileRow(project, entry.path, why ? el("span", {class: "badge skipped"}, "left out")
    : statusBadge(record), record.reason);
}

async function uploadAll(root, entries) {
  const project = $("upload-project").value.trim() || root || "uploads";
  const counts = {indexed: 0, skipped: 0, failed: 0, filtered: 0, chunks: 0};
  // paths the server answered for (its record of each), and when it took the first of them
  // (prune's since)
  const sent = {paths: [], since: null, outcomes: new Map()};
  let unsent = 0;                 // files that did not reach the server's record
  const queue = [];
  const heads = [];               // files left out here, sent by their head (recorded, not read)
  const handles = [...(entries.leftOut || [])];  // folders never entered (File System Access API)
  entries = [...entries];
  let present = new Set(entries.map((entry) => entry.path));
  let folders = foldersOf(present);
  const opened = new Set();       // folders left out here that the server's rules enter
  const told = {recorded: [], note: ""};
  const leftOut = new Map();      // folder -> why, told to the server
  upload = {controller: new AbortController(), cancelled: false};
  $("upload-files").replaceChildren();
  // The rule files, one at a time before the others (a failure is a failed row and the folder
  // is not pruned).
  const sendFirst = async (rules) => {
    for (const entry of rules) {
      try {
        await sendOne(project, entry, null, counts, sent);
      } catch (e) {
        counts.failed += 1;
        unsent += 1;
        addFileRow(project, entry.path, el("span", {class: "badge failed"}, "error"), e.message);
      }
    }
  };
  // The project's .repokb.yml first: the server judges the files after it by it (a vendor
  // override reopens vendor/), as the walk does.
  const names = config.repo_config_names || [];
  await sendFirst(entries.filter((e) => names.includes(e.path)));
  // The folders left out here, told to the server; those its rules enter are opened here
  // (their files judged again: a node_modules/ inside stays out), until none is new.
  for (;;) {
    const fresh = new Map();
    for (const f of handles) if (!opened.has(f.path) && !leftOut.has(f.path)) fresh.set(f.path, f);
    for (const entry of entries) {
      const folder = leftOutFolder(entry.path, present, folders, opened);
      if (folder && !leftOut.has(folder.path)) fresh.set(folder.path, folder);
    }
    if (!fresh.size) break;
    for (const [path, f] of fresh) leftOut.set(path, f);
    const answer = await sendLeftOut(project, [...fresh.values()]);
    told.recorded.push(...answer.recorded);
    told.note = told.note || answer.note;
    for (const path of answer.refused || []) {
      opened.add(path);
      const f = fresh.get(path);
      if (f && f.handle) {  // never entered: its files are listed now
        const more = await filesFromHandle(f.handle, path);
        entries.push(...more);
        handles.push(...more.leftOut);
      }
    }
    present = new Set(entries.map((entry) => entry.path));
    folders = foldersOf(present);
  }
  // Then the .gitattributes the walk reads (at the root and in the folders it enters): their
  // Linguist lines (generated, vendored, documentation) judge the files after them.
  const attributes = entries.filter((e) => (e.path === ".gitattributes" || e.path.endsWith("/.gitattributes"))
    && !skipReason(e.path, e.file.size, present, folders, opened));
  await sendFirst(attributes);
  for (const entry of entries) {
    if (names.includes(entry.path) || attributes.includes(entry)) continue;  // sent first
    const why = skipReason(entry.path, entry.file.size, present, folders, opened);
    if (why) counts.filtered += 1;
    if (!why) queue.push(entry);
    else if (why !== "skipped folder") heads.push({...entry, why});
  }
  const total = queue.length;
  let done = 0;
  let stopped = null;             // the answer that refused every file
  $("cancel-upload").disabled = false;
  $("upload-bar").classList.remove("done");
  const show = (current) => {
    $("upload-bar").style.width = total ? `${Math.round((100 * done) / total)}%` : "100%";
    setStatus("upload-status", `${project}: ${done}/${total} files · ${counts.indexed} indexed · ` +
      `${counts.skipped} skipped · ${counts.failed} failed · ${counts.chunks} chunks · ` +
      `${counts.filtered} left out before upload` + (current ? ` — ${current}` : ""));
  };
  show("");
  // the files left out here (too large, a name on the list) are recorded by their head, as
  // the walk records them (explain says why), before the others
  queue.unshift(...heads);
  const worker = async () => {
    while (queue.length && !upload.cancelled) {
      const entry = queue.shift();
      const {path, why} = entry;
      show(path);
      try {
        await sendOne(project, entry, why || null, counts, sent);
      } catch (e) {
        if (upload.cancelled) return;
        if (e.details && refusesAll(e)) {
          stopped = e.message;
          cancelUpload();
          return;
        }
        counts.failed += 1;
        unsent += 1;
        addFileRow(project, path, el("span", {class: "badge failed"}, "error"), e.message);
      }
      if (!why) done += 1;
      show("");
    }
  };
  await Promise.all(Array.from({length: CONCURRENCY}, worker));
  const finished = !upload.cancelled;
  $("cancel-upload").disabled = true;
  upload = null;
  show("");
  if (finished) {
    $("upload-bar").style.width = "100%";
    if (sent.paths.length && !unsent) show("removing the files no longer in the folder…");
    // the folders recorded as left out are kept with the files (never alone: nothing sent,
    // nothing pruned)
    const kept = sent.paths.length ? [...sent.paths, ...told.recorded] : sent.paths;
    const pruned = await pruneUpload(project, kept, unsent, sent.since);
    // the project's rule files are gone from the folder: the server forgot them and judged
    // its files again; those it admits now were left out by the old rules, so are sent again
    const again = pruned.again || [];
    for (const entry of entries.filter((e) => again.some((p) => p === e.path || (p.endsWith("/") && e.path.startsWith(p))))) {
      try {
        await sendOne(project, entry, null, counts, sent);
      } catch (e) {
        // counted as failed, no longer under its first answer (the server's record of it
        // stands: judged by the old rules)
        const before = sent.outcomes.get(entry.path);
        if (before) counts[before.outcome] -= 1;
        sent.outcomes.set(entry.path, {outcome: "failed", chunks: before ? before.chunks : 0});
        counts.failed += 1;
        addFileRow(project, entry.path, el("span", {class: "badge failed"}, "error"), e.message);
      }
    }
    $("upload-bar").classList.add("done");
    setStatus("upload-status", `Done: ${project} — ${done} files uploaded, ${counts.indexed} indexed, ` +
      `${counts.skipped} skipped, ${counts.failed} failed, ${counts.chunks} chunks; ` +
      `${counts.filtered} left out before upload${told.note}${pruned.note}.`, pruned.error);
  } else if (stopped) {
    setStatus("upload-status", `Stopped after ${done} of ${total} files (${project}): ${stopped}`, true);
  } else {
    setStatus("upload-status", `Cancelled after ${done} of ${total} files (${project}).`, true);
  }
  refreshStats();
}

function cancelUpload() {
  if (!upload) return;
  upload.cancelled = true;
  upload.controller.abort();
}

// -- server-side index jobs ------------------------------------------------------------------
let indexJob = null;  // the job this page started and follows, until it ends
let cancelAsked = false;  // its Cancel was pressed: it says so until the job stops

async function indexOnServer(event) {
  event.preventDefault();
  if (indexJob) return;  // one at a time from this page: its status line follows one job
  $("index-submit").disabled = true;
  try {
    let job = await api("POST", "/knowledge/index", {json: {path: $("index-path").value.trim()}});
    indexJob = job.id;
    $("cancel-index").disabled = false;
    while (job.status === "queued" || job.status === "running") {
      const stopping = job.status === "running" && cancelAsked ? " (cancelling…)" : "";
      setStatus("index-status", `${job.project}: ${job.status}${stopping} ${job.done}/${job.total} ${job.current}`);
      await new Promise((r) => setTimeout(r, 700));
      job = await api("GET", `/knowledge/jobs/${job.id}`);
    }
    const s = job.summary || {};
    setStatus("index-status", job.status === "done"
      ? `${job.project}: done — ${s.files_indexed} files indexed, ${s.chunks_embedded} chunks embedded in ${s.seconds}s` +
        (s.vectors_changed ? " (its vectors are made another way than at its last run: embedded again, once)" : "")
      : job.status === "cancelled"
        // why: this page's Cancel, another caller's, a lapsed lease, the server stopping
        // (server text: setStatus shows it as text, never markup)
        ? `${job.project}: cancelled after ${job.done} of ${job.total} files` +
          (job.reason ? ` — ${job.reason}` : "") +
          ` (what it wrote stays, and the next run goes on from there)`
        : `${job.project}: ${job.status} ${job.error ? job.error.message : ""}`, job.status !== "done");
    refreshStats();
  } catch (e) {
    setStatus("index-status", e.message, true);
  } finally {
    indexJob = null;
    cancelAsked = false;
    $("index-submit").disabled = false;
    $("cancel-index").disabled = true;
  }
}

async function cancelIndex() {
  if (!indexJob) return;
  cancelAsked = true;
  $("cancel-index").disabled = true;
  try {
    // Stops the run for everyone (?all=true), also for an agent that asked for the same run:
    // the person at the dashboard is the server's operator, and a Cancel that left the run
    // going on would look broken. The agents' jobs end "cancelled", saying it was stopped for
    // every caller; their next index_path goes on from where it stopped.
    await api("POST", `/knowledge/jobs/${indexJob}/cancel?all=true`);
  } catch (e) {
    setStatus("index-status", e.message, true);
  }
}

// -- stats -----------------------------------------------------------------------------------
function drawBars(id, counts) {
  const chart = $(id);
  chart.querySelectorAll(".bar-row, .empty").forEach((n) => n.remove());
  const items = Object.entries(counts || {}).sort((a, b) => b[1] - a[1]).slice(0, 8);
  if (!items.length) { chart.append(el("div", {class: "empty muted small"}, "nothing yet")); return; }
  const max = items[0][1] || 1;  // (a project of skipped files alone: 0 indexed)
  for (const [label, n] of items) {
    const fill = el("div", {class: "fill", style: `width:${(100 * n) / max}%`});
    chart.append(el("div", {class: "bar-row", title: `${label}: ${n}`},
      el("span", {class: "label"}, label === "None" ? "—" : label), el("div", {class: "track"}, fill),
      el("span", {class: "n"}, String(n))));
  }
}

function fillSelect(id, values, first) {
  const select = $(id);
  const current = select.value;
  select.replaceChildren(el("option", {value: ""}, first),
    ...values.map((v) => el("option", {value: v}, v)));
  if (values.includes(current)) select.value = current;
}

async function refreshStats(ask = true) {
  try {
    const s = await api("GET", "/knowledge/stats", {ask});
    $("stat-points").textContent = s.points;
    // the indexed files, as `repokb stats` and MCP say "502 indexed files (722 files recorded)"
    const indexed = (s.by_status || {}).indexed || 0;
    $("stat-files").textContent = indexed;
    $("stat-files-label").textContent = indexed === s.files ? "indexed files"
      : `indexed files (${s.files} files recorded)`;
    $("stat-projects").textContent = Object.keys(s.by_project).length;
    drawBars("chart-kind", s.by_kind);
    drawBars("chart-language", s.by_language);
    drawBars("chart-role", s.by_role);
    drawBars("chart-project", s.indexed_by_project || s.by_project);
    const projects = Object.keys(s.by_project).sort();
    fillSelect("search-project", projects, "all projects");
    fillSelect("flush-project", projects, "— choose a project —");
    document.dispatchEvent(new CustomEvent("repokb:stats", {detail: s}));  // files.js
    fillSelect("search-language", Object.keys(s.by_language).filter((l) => l !== "None").sort(), "all languages");
    const run = s.last_run;
    const files = run && run.summary ? run.summary.files_indexed || 0 : 0;
    $("last-run").textContent = run ? `last index run: ${visible(run.project)}` +
      `${run.summary && run.summary.upload ? " (upload)" : ""}, ` +
      `${new Date(run.finished_at * 1000).toLocaleString()} · ${files} files indexed` : "";
    $("health").textContent = "online";
    $("health").className = "pill ok";
  } catch (e) {
    $("health").textContent = e.status === 401 ? "API key refused" : "offline";
    $("health").className = "pill bad";
  }
}

// -- search ----------------------------------------------------------------------------------
function highlight(text, query) {
  // Escape by building text nodes; wrap query words (3+ letters, not stop words) in <mark>.
  const stop = new Set((config && config.stop_words) || []);
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}_]{3,}/gu) || [])]
    .filter((w) => !stop.has(w));
  const frag = document.createDocumentFragment();
  text = visible(text);
  if (!words.length) { frag.append(text); return frag; }
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "giu");
  text.split(pattern).forEach((piece, i) => frag.append(i % 2 ? el("mark", {}, piece) : piece));
  return frag;
}

function snippetOf(content, maxLines = 14) {
  // Whole lines only, from the hit's first non-blank line; "…" says more lines follow.
  const lines = content.replace(/\s+$/, "").split("\n");
  while (lines.length && !lines[0].trim()) lines.shift();
  const shown = lines.slice(0, maxLines).join("\n");
  return lines.length > maxLines ? `${shown}\n…` : shown;
}

async function search(event) {
  event.preventDefault();
  const query = $("search-query").value;
  const body = {query, limit: 10};
  for (const [key, id] of [["project", "search-project"], ["kind", "search-kind"],
    ["language", "search-language"], ["path", "search-path"]]) {
    const value = $(id).value.trim();
    if (value) body[key] = value;
  }
  setStatus("search-status", "searching…");
  const started = performance.now();
  try {
    const hits = await api("POST", "/knowledge/search", {json: body});
    const took = `${Math.round(performance.now() - started)} ms`;
    if (hits.length) setStatus("search-status", `${hits.length} results in ${took}`);
    else {  // say why, as the CLI does
      const why = await api("POST", "/knowledge/search/why-nothing", {json: body});
      setStatus("search-status", `No results in ${took}: ${why.reason}`);
    }
    $("search-results").replaceChildren(...hits.map((h) => {
      const lines = h.start_line ? `:${h.start_line}-${h.end_line}` : "";
      const snippet = snippetOf(h.content);
      return el("li", {class: "hit", "data-project": h.project},
        el("div", {class: "hit-head"},
          el("span", {class: "hit-path", title: "explain this file", onclick: () => explain(h.project, h.path)},
            `${h.project}/${h.path}${lines}`),
          // what the symbol is (function, class, resource ...), as the CLI's hit line says
          h.symbol && h.symbol_type && h.symbol_type !== "window"
            ? el("span", {class: "hit-symbol-type"}, h.symbol_type) : null,
          h.symbol ? el("span", {class: "hit-symbol"}, h.symbol) : null,
          el("span", {class: "badge"}, h.kind),
          h.language ? el("span", {class: "badge"}, h.language) : null,
          el("span", {class: "hit-score"}, `score ${h.score.toFixed(4)}`)),
        el("pre", {class: "snippet"}, highlight(snippet, query)));
    }));
  } catch (e) {
    setStatus("search-status", e.message, true);
  }
}

// -- explain ---------------------------------------------------------------------------------
async function explain(project, path) {
  $("explain-project").value = project || "";
  $("explain-path").value = path;
  const panel = $("explain-panel");
  panel.classList.remove("muted");
  try {
    const params = new URLSearchParams({path});
    if (project) params.set("project", project);
    const r = await api("GET", `/knowledge/explain?${params}`);
    const c = r.classification || {};
    const reason = r.reason || (c.reasons || [])[0] || "";
    const others = (c.reasons || []).filter((x) => x !== reason);  // the rest, not a repeat
    const rows = [["status", statusBadge(r)], ["reason", reason],
      ...(others.length ? [["other reasons", others.join("; ")]] : []),
      ...(r.inside ? [["inside", `${r.inside}/ (not uploaded or indexed)`]] : []),
      ["kind", [c.kind, c.subkind].filter(Boolean).join(" / ")], ["language", c.language || "—"],
      ["role", c.knowledge_role], ["policy", c.index_policy], ["confidence", c.confidence],
      ["flags", (c.flags || []).join(", ") || "—"],
      ["chunks", String(r.chunks)], ["classifier", c.classifier_version]];
    const table = el("table", {}, ...rows.map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, v ?? "—"))));
    const signals = el("table", {}, el("tr", {}, el("th", {}, "signal"), el("th", {}, "value"), el("th", {}, "weight")),
      ...(c.signals || []).map((s) => el("tr", {}, el("td", {}, s.type), el("td", {}, s.value), el("td", {}, String(s.weight)))));
    panel.replaceChildren(el("div", {class: "headline"}, `${r.project}/${r.path}`), table,
      el("h3", {}, "signals"), signals);
    panel.scrollIntoView({block: "nearest"});
  } catch (e) {
    panel.replaceChildren(el("div", {class: "status error"}, e.message));
  }
}

// -- flush -----------------------------------------------------------------------------------
async function flush(event) {
  event.preventDefault();
  const project = $("flush-project").value;
  const key = $("flush-key").value || storedKey();
  if (!project) { setStatus("flush-status", "Choose a project to flush.", true); return; }
  if (!key) { setStatus("flush-status", "Enter the API key to flush.", true); $("flush-key").focus(); return; }
  try {
    const r = await api("DELETE", `/knowledge/flush?project=${encodeURIComponent(project)}`,
      {headers: {"x-api-key": key}});
    setStatus("flush-status", `Flushed ${r.project}: ${r.points_deleted} chunks deleted.`);
    forgetProject(r.project);
    refreshStats();
  } catch (e) {
    setStatus("flush-status", e.message, true);
  }
}

// What the page still shows of a flushed project (its search hits, its uploaded files, its
// explanation) is gone from the server: clicking it would only answer 404.
function forgetProject(project) {
  for (const row of document.querySelectorAll("#search-results li, #upload-files li")) {
    if (row.getAttribute("data-project") === project) row.remove();
  }
  if ($("explain-project").value === project) $("explain-panel").replaceChildren();
}

// -- wiring ----------------------------------------------------------------------------------
// Every control answers from the first moment: a folder chosen before the client config has
// arrived waits for it instead of being lost (the page's handlers used to be attached only after
// the config came back, so a quick choice did nothing at all).
let configReady = null;

function loadConfig() {
  configReady = api("GET", "/knowledge/client-config").then((c) => { config = c; });
  return configReady;
}

async function configLoaded() {
  try {
    await configReady;
    return true;
  } catch (_) {  // not reachable when the page loaded: ask once more
    try {
      await loadConfig();
      return true;
    } catch (e) {
      setStatus("upload-status", `Cannot reach the server: ${e.message}`, true);
      return false;
    }
  }
}

function main() {
  loadConfig().catch((e) => setStatus("upload-status", `Cannot reach the server: ${e.message}`, true));
  fillSelect("search-kind", KINDS, "all kinds");
  $("folder-input").addEventListener("change", async (e) => {
    const {root, entries} = filesFromInput(e.target.files);
    e.target.value = "";
    if (!entries.length) return;
    setStatus("upload-status", `Reading ${root}…`);
    if (await configLoaded()) uploadAll(root, entries);
  });
  if (window.showDirectoryPicker) {
    $("pick-folder").hidden = false;
    $("pick-folder").addEventListener("click", async () => {
      try {
        const dir = await window.showDirectoryPicker();
        setStatus("upload-status", `Reading ${dir.name}…`);
        if (await configLoaded()) uploadAll(dir.name, await filesFromHandle(dir));
      } catch (e) {
        if (e.name !== "AbortError") setStatus("upload-status", e.message, true);
      }
    });
  }
  $("cancel-upload").addEventListener("click", cancelUpload);
  $("cancel-index").addEventListener("click", cancelIndex);
  $("index-form").addEventListener("submit", indexOnServer);
  $("search-form").addEventListener("submit", search);
  $("explain-form").addEventListener("submit", (e) => {
    e.preventDefault();
    explain($("explain-project").value.trim(), $("explain-path").value.trim());
  });
  $("flush-form").addEventListener("submit", flush);
  refreshStats();
  setInterval(() => refreshStats(false), STATS_EVERY_MS);
}

main();
