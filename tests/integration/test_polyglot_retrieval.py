"""A polyglot repository (the golden inputs) indexed for real: one query per format, rank 1.

Real MiniLM model, real Qdrant Edge shard. HTML and CSS are admitted here by wrapping the
classifier, since whether markup is indexed is the classifier's policy, not the chunkers'.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from repokb.models import Policy
from repokb.roots import resolve_roots
from repokb.search import Query
from repokb.settings import Settings
from repokb.workspace import Workspace

pytestmark = pytest.mark.integration

INPUTS = Path(__file__).parent.parent / "golden" / "chunkers" / "inputs"
LAYOUT = {  # golden input -> where it lives in the polyglot repository
    "sample.py": "backend/fulfilment.py", "sample.ts": "web/src/auth.ts",
    "sample.tsx": "web/src/Counter.tsx", "sample.js": "blog/posts.js",
    "sample.jsx": "web/src/OrderList.jsx", "sample.go": "ratelimit/limiter.go",
    "sample.rs": "cache/src/lib.rs", "Sample.java": "billing/src/Invoice.java",
    "sample.c": "firmware/ring_buffer.c", "sample.cpp": "graph/graph.cpp",
    "sample.cs": "orders/Order.cs", "sample.rb": "payments/webhook.rb",
    "sample.php": "mail/NewsletterSender.php", "sample.kt": "weather/Report.kt",
    "sample.sh": "ops/backup.sh", "sample.sql": "db/schema.sql", "main.tf": "infra/main.tf",
    "guide.md": "docs/deployment.md", "guide.rst": "docs/index.rst",
    "package.json": "web/package.json", "app.yaml": "config/app.yaml",
    "pyproject.toml": "backend/pyproject.toml", "setup.cfg": "backend/setup.cfg",
    "index.html": "site/pricing.html", "pom.xml": "billing/pom.xml", "site.css": "site/site.css",
    "theme.scss": "web/src/theme.scss", "theme.less": "site/theme.less",
    "sample.lua": "lua/undo/stack.lua",
    "sample.pm": "perl/lib/Shop/Cart.pm", "sample.pod": "perl/lib/Shop/Cart/Manual.pod",
    "sample.ex": "accounts/lib/shop/accounts.ex",
    "sample.mk": "inventory/Makefile", "sample.dockerfile": "inventory/Dockerfile",
    "sample.cmake": "inventory/CMakeLists.txt",
}
QUERIES = [  # (question, expected path, expected symbol)
    ("book a parcel with the carrier and return the tracking number",
     "backend/fulfilment.py", "Fulfilment.ship"),
    ("check a password against the stored hash", "web/src/auth.ts", "authenticate"),
    ("button that counts how often it was clicked", "web/src/Counter.tsx", "ClickCounter"),
    ("lowercase a title and replace other characters with dashes for a url slug",
     "blog/posts.js", "slugify"),
    ("fetch the open orders from the api and list them with their status",
     "web/src/OrderList.jsx", "OrderList"),
    ("reject requests over the limit with 429 too many requests", "ratelimit/limiter.go",
     "Limiter.Middleware"),
    ("insert into the cache, evicting expired entries when full", "cache/src/lib.rs",
     "TtlCache"),
    ("invoice total including value added tax", "billing/src/Invoice.java", "Invoice"),
    ("remove the oldest byte from the ring buffer", "firmware/ring_buffer.c", "ring_pop"),
    ("how does topologicalSort order the nodes", "graph/graph.cpp",
     "Graph.topologicalSort"),
    ("ship a paid order and notify the customer", "orders/Order.cs", "Order"),
    ("verify the signature of a payment webhook", "payments/webhook.rb",
     "Payments.WebhookEvent"),
    ("send the newsletter to subscribers in batches", "mail/NewsletterSender.php",
     "NewsletterSender"),
    ("which weather station reported the highest temperature", "weather/Report.kt",
     "WeatherReport"),
    ("remove all but the newest backups from S3", "ops/backup.sh", "prune_old_dumps"),
    ("list late loans with the borrower's email", "db/schema.sql", "overdue_loans"),
    ("which output gives the website's public endpoint", "infra/main.tf",
     "website_endpoint"),
    ("what to check when the service exits immediately", "docs/deployment.md",
     "Deployment guide > Troubleshooting"),
    ("client addresses in the logs behind a proxy", "docs/index.rst",
     "Shop Backend > Installation > Running behind a proxy"),
    ("react router version the storefront depends on", "web/package.json", "dependencies"),
    ("database migrations directory", "config/app.yaml", "database"),
    ("pytest test paths and addopts", "backend/pyproject.toml", "tool.pytest.ini_options"),
    ("flake8 maximum line length", "backend/setup.cfg", "flake8"),
    ("price of the Pro plan per user per month", "site/pricing.html", "section#plans"),
    ("maven dependency on the postgresql jdbc driver", "billing/pom.xml", "dependencies"),
    ("brand background colour and rounded corners of the primary button", "site/site.css",
     ".btn-primary, .btn-primary:hover"),
    ("hide an element visually but keep it for screen readers", "web/src/theme.scss",
     "@mixin visually-hidden"),
    ("navigation bar link hover underline", "site/theme.less", "@brand, .navbar"),
    ("remove and return the top item, raising an error when empty", "lua/undo/stack.lua",
     "Stack.pop"),
    ("put an item in the shopping cart or add to its quantity", "perl/lib/Shop/Cart.pm",
     "Shop.Cart.add_item"),
    ("amounts are integers in cents so no rounding happens", "perl/lib/Shop/Cart/Manual.pod",
     "DESCRIPTION"),
    ("length of a name, zero when it is nil or empty", "accounts/lib/shop/accounts.ex",
     "Shop.Accounts.name_length"),
    ("what does make release do", "inventory/Makefile", "release"),
    ("which docker stage builds the python wheels", "inventory/Dockerfile", "wheels"),
    ("cmake function that turns on the warnings for a target", "inventory/CMakeLists.txt",
     "inventory_add_warnings"),
]


@pytest.fixture(scope="module")
def polyglot(tmp_path_factory: pytest.TempPathFactory, real_embedder: object):
    root = tmp_path_factory.mktemp("polyglot") / "shop"
    for name, rel in LAYOUT.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(INPUTS / name, root / rel)
    home = tmp_path_factory.mktemp("home")
    ws = Workspace(Settings.load(home=home))
    ws.__dict__["embedder"] = real_embedder
    make_classifier = ws.indexer.classifier

    class AdmitMarkup:  # stands in for a classifier policy that admits markup and styles
        def __init__(self, root):
            self.inner = make_classifier(root)

        def __getattr__(self, name):  # the rest (config, digest, ...) as the classifier's
            return getattr(self.inner, name)

        def classify(self, file, head=None):
            c = self.inner.classify(file, head)
            if c.language in ("html", "xml", "css", "scss", "less") and not \
                    c.index_policy.admits_content:
                return replace(c, index_policy=Policy.INDEX_TEXT)
            return c

    ws.indexer.classifier = AdmitMarkup
    summary = ws.indexer.run(resolve_roots([root], None)).summary()
    yield ws, summary
    ws.close()


def test_every_format_is_chunked_with_symbols(polyglot):
    _, summary = polyglot
    assert summary["files_failed"] == 0 and summary["files_indexed"] == len(LAYOUT)
    languages = set(summary["by_language"])
    assert languages >= {"python", "typescript", "tsx", "javascript", "go", "rust", "java", "c",
                         "cpp", "csharp", "ruby", "php", "kotlin", "shell", "sql", "hcl",
                         "markdown", "rst", "json", "yaml", "toml", "ini", "html", "xml", "css",
                         "scss", "less", "lua", "perl", "pod", "elixir", "make", "dockerfile",
                         "cmake"}
    for language, kinds in summary["by_language"].items():
        for metrics in kinds.values():
            assert metrics["chunks"] > 0 and metrics["symbol_rate"] > 0.5, language
            assert metrics["contamination"] == 0


@pytest.mark.parametrize(("question", "path", "symbol"), QUERIES,
                         ids=[q[1].rsplit(".", 1)[-1] + ":" + q[2] for q in QUERIES])
def test_a_question_per_format_finds_its_chunk_first(polyglot, question, path, symbol):
    ws, _ = polyglot
    hits = ws.searcher.search(Query(text=question, limit=5))
    assert [(h.path, h.symbol) for h in hits][:1] == [(path, symbol)], [
        (h.path, h.symbol) for h in hits]
