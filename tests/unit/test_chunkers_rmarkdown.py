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
    assert named[("retention_curve", "function")][:2] == (21, 25)
    churn = "".join(p.content for p in pieces if p.symbol == "Churn")
    assert "churn_rate(orders)  # no definition" in churn
    assert "mean(orders$gap" not in churn  # the function is not in its section twice


def test_plain_markdown_fences_are_cut_as_before():
    readme = ("# Usage\n\nCall it so:\n\n```r\nchurn_rate <- function(orders, days = 90) {\n"
              "  mean(orders$gap > days)\n}\n```\n\n## More\n\nText about the package.\n")
    assert chunker_for("markdown").chunk(readme) == MARKDOWN.chunk(readme)
