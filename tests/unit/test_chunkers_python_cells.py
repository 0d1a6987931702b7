"""A Python script written as notebook cells (newuser39): jupytext's, VS Code's and Spyder's
`# %%`, sphinx-gallery's `# %%` and line of `#`s (lmfit's and scikit-learn's examples),
nbconvert's `# In[3]:`, Databricks' `# COMMAND ----------`. Code between definitions was cut
into 400-character windows across the cells: a block's explanation (`# Fit the data:`) closed
one window and its code opened the next. Each cell's text and code are now one run."""

from __future__ import annotations

import pytest

from repokb.chunkers import chunker_for

GALLERY = '''"""
Outlier detection via leave-one-out
===================================

Outliers can be identified by assessing the influence of each datapoint on the fit.
"""
import numpy as np

import lmfit

###############################################################################
# Generate test data and model:
x = np.linspace(0.3, 10, 100)
np.random.seed(1)
y = 1.0 / (0.1 * x) + 2.0 + 3 * np.random.randn(x.size)
params = lmfit.Parameters()
params.add_many(('a', 0.1), ('b', 1))


def func(x, a, b):
    return 1.0 / (a * x) + b


###############################################################################
# Make five points outliers:
idx = np.random.randint(0, x.size, 5)
y[idx] += 10 * np.random.randn(idx.size)

###############################################################################
# Fit the data:
model = lmfit.Model(func, independent_vars=['x'])
fit_result = model.fit(y, x=x, a=0.1, b=2)
'''


def pieces(text: str) -> list:
    chunker = chunker_for("python")
    assert chunker is not None
    return chunker.chunk(text)


def test_a_gallery_blocks_text_and_code_are_one_piece_and_no_piece_straddles_two():
    found = pieces(GALLERY)
    lines = GALLERY.splitlines()
    markers = [n for n, line in enumerate(lines, 1) if line.startswith("#####")]
    for p in found:
        inside = [m for m in markers if p.start_line < m <= p.end_line]
        assert not inside, (p.start_line, p.end_line, p.content)
    fit = next(p for p in found if "# Fit the data:" in p.content)
    assert "fit_result = model.fit(" in fit.content
    outliers = next(p for p in found if "# Make five points outliers:" in p.content)
    assert "y[idx] += 10" in outliers.content
    assert any(p.symbol == "func" and p.symbol_type == "function" for p in found)


@pytest.mark.parametrize("marker", ["# %%", "#%%", "# %% [markdown]", "# In[3]:",
                                    "# COMMAND ----------"])
def test_each_cell_marker_opens_a_piece(marker: str):
    first = "import pandas as pd\nframe = pd.read_csv('churn.csv')\n" + "# load\n" * 40
    second = (f"{marker}\n# Train the model on the labelled customers\n"
              "model = GradientBoostingClassifier().fit(frame[FEATURES], frame.churned)\n")
    text = f"{marker}\n{first}\n{second}"
    found = pieces(text)
    train = [p for p in found if "GradientBoostingClassifier" in p.content]
    assert len(train) == 1
    assert train[0].content.startswith(marker)
    assert "read_csv" not in train[0].content


def test_a_marker_inside_a_function_stays_in_it():
    text = ("def dummy():\n    \"\"\"Not a text block.\"\"\"\n\n    # %%\n"
            "    # This comment inside a code block remains in it\n    return 1\n")
    found = pieces(text)
    assert [(p.symbol, p.start_line, p.end_line) for p in found] == [("dummy", 1, 6)]


def test_a_script_without_markers_is_cut_as_before():
    text = "import os\n" + "".join(f"VALUE_{n} = os.environ.get('V{n}')\n" for n in range(40))
    found = pieces(text)
    assert len(found) > 1 and all(p.symbol_type == "module" for p in found)
    assert found[0].start_line == 1 and found[-1].end_line == 41
