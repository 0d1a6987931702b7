"""R Markdown and Quarto: a code chunk that defines something is cut by its language's chunker
and named (chunkers/rmarkdown.py); the prose and the other chunks are Markdown sections.

Before, `.Rmd`/`.qmd` were Markdown sections only: `churn_rate <- function(...)` in a report's
`{r}` chunk was a few lines of its section, found by no name."""

from __future__ import annotations

from repokb.chunkers import chunker_for
from repokb.chunkers.markdown import MARKDOWN

REPORT = """\
---
title: "Weekly revenue"
---

## Churn

Customers who did not order again within 90 days of their last order.

```{r churn, echo=FALSE}
churn_rate <- function(orders, days = 90) {
  mean(orders$gap > days, na.rm = TRUE)
}
```

```{r}
churn_rate(orders)  # no definition: stays in its section
```

## Retention

```{python}
#| label: fig-retention
def retention_curve(orders):
    return orders.groupby("cohort").size()
```
"""


def test_a_defining_chunk_is_cut_by_its_language_and_named():
    pieces = chunker_for("markdown").chunk(REPORT)
    named = {(p.symbol, p.symbol_type): (p.start_line, p.end_line, p.context) for p in pieces}
    assert named[("churn_rate", "function")] == (9, 13, "Churn")  # with its fences
    # its short `## Retention` above it opens its piece (Markdown joins a short heading so)
    assert named[("retention_curve", "function")] == (19, 25, "Retention")
    churn = "".join(p.content for p in pieces if p.symbol == "Churn")
    assert "churn_rate(orders)  # no definition" in churn
    assert "mean(orders$gap" not in churn  # the function is not in its section twice


def test_plain_markdown_fences_are_cut_as_before():
    readme = ("# Usage\n\nCall it so:\n\n```r\nchurn_rate <- function(orders, days = 90) {\n"
              "  mean(orders$gap > days)\n}\n```\n\n## More\n\nText about the package.\n")
    assert chunker_for("markdown").chunk(readme) == MARKDOWN.chunk(readme)


# A short section (a heading and a line or two) above a defining chunk, and one between two
# chunks: before, the first was joined into the section before it, so the function under it
# took that section's heading path as its context (`retention_curve` in `Churn`); the second,
# with code on both sides, was joined to nothing and, under 40 characters, dropped.
SHORT_SECTIONS = """\
# Churn

We measure churn each month from the billing warehouse, counting customers whose
subscription lapsed and did not renew within thirty days of the end of the period.

## Retention

By cohort.

```{r retention}
retention_curve <- function(df, months = 12) {
  cohorts <- split(df, df$cohort)
  lapply(cohorts, function(c) cumprod(1 - c$churn))
}
```

## Revenue

Net, in euros.

```{r revenue}
net_revenue <- function(orders) {
  sum(orders$amount) - sum(orders$refunds)
}
```
"""


def _names(piece) -> set[str]:
    return {n for n in (piece.symbol, piece.context, *(a[0] for a in piece.also)) if n}


def test_a_chunk_under_a_short_section_takes_that_sections_heading_path():
    for text, function, path in ((REPORT, "retention_curve", "Retention"),
                                 (SHORT_SECTIONS, "retention_curve", "Churn > Retention"),
                                 (SHORT_SECTIONS, "net_revenue", "Churn > Revenue")):
        pieces = chunker_for("markdown").chunk(text)
        (code,) = [p for p in pieces if p.symbol == function]
        assert code.context == path, (function, code.context)


def test_each_heading_is_named_by_the_piece_that_holds_it():
    """As the Markdown chunker does: a short section joined to a piece is in its `also`, or it
    heads the piece after it (here the chunk under it); no heading is lost or misnamed."""
    for text, heading, path in ((REPORT, "## Retention", "Retention"),
                                (SHORT_SECTIONS, "## Retention", "Churn > Retention"),
                                (SHORT_SECTIONS, "## Revenue", "Churn > Revenue")):
        pieces = chunker_for("markdown").chunk(text)
        holding = [p for p in pieces if f"\n{heading}\n" in f"\n{p.content}"]
        assert len(holding) == 1, (heading, holding)
        assert path in _names(holding[0]), (heading, _names(holding[0]))
        assert len(holding[0].content.strip()) >= 40  # kept, not dropped


def test_a_short_section_between_two_chunks_is_kept_with_the_chunk_under_it():
    pieces = chunker_for("markdown").chunk(SHORT_SECTIONS)
    (revenue,) = [p for p in pieces if "Net, in euros." in p.content]
    assert revenue.symbol == "net_revenue"  # the section heads its function's piece
    assert "Churn > Revenue" in _names(revenue)
    assert revenue.content.startswith("## Revenue\n")


def test_a_myst_notebooks_code_cell_defining_a_function_is_cut_and_named():
    """Jupyter Book's MyST-NB notebook (`.md`) fences its cells ```{code-cell} ipython3``` (the
    kernel after the braces): a cell's function was a few lines of its section (newuser39)."""
    text = ("---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n"
            "  name: python3\n---\n\n# Feature store walkthrough\n\nHow the features are built.\n\n"
            "```{code-cell} ipython3\ndef rolling_spend(orders, days=30):\n"
            "    \"\"\"Each customer's spend over the last days.\"\"\"\n"
            "    return orders.groupby('customer').amount.rolling(days).sum()\n```\n\n"
            "```{code-cell} ipython3\nrolling_spend(orders).head()\n```\n")
    found = chunker_for("markdown").chunk(text)
    named = [p for p in found if p.symbol == "rolling_spend"]
    assert len(named) == 1 and named[0].symbol_type == "function"
    assert named[0].content.startswith("```{code-cell} ipython3\ndef rolling_spend(")
    assert "".join(p.content for p in found).count("rolling_spend(orders).head()") == 1
