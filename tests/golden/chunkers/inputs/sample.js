'use strict';

const fs = require('fs');
const path = require('path');

// Read a JSON file and return its parsed content, or a fallback when it is missing.
function readJsonOr(file, fallback) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    if (err.code === 'ENOENT') return fallback;
    throw err;
  }
}

const slugify = (title) =>
  title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

class PostRepository {
  constructor(dir) {
    this.dir = dir;
  }

  /** All posts, newest first. */
  list() {
    return fs.readdirSync(this.dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => readJsonOr(path.join(this.dir, name), null))
      .filter(Boolean)
      .sort((a, b) => b.date.localeCompare(a.date));
  }

  save(post) {
    const file = path.join(this.dir, `${slugify(post.title)}.json`);
    fs.writeFileSync(file, JSON.stringify(post, null, 2));
    return file;
  }
}

module.exports = { readJsonOr, slugify, PostRepository };
