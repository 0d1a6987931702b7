"""R is cut by its top-level definitions (chunkers/rlang.py): before, an R file was windows
with no name, so "where is function connect_warehouse defined" found a window of the whole
script, and testthat's tests had no names."""

from __future__ import annotations

from repokb.chunkers import chunker_for

SCRIPT = '''\
library(DBI)

#' Connect to the warehouse
#' @param schema the schema to read
connect_warehouse <- function(schema = "analytics") {
  con <- dbConnect(RPostgres::Postgres(), dbname = "analytics")
  dbExecute(con, paste0("SET search_path TO ", schema))  # a ")" in a string: "{"
  con
}

summarise_orders = function(orders)
  orders %>%
    dplyr::group_by(customer_id) %>%
    dplyr::summarise(total = sum(amount), n = dplyr::n())

setMethod("area", "Circle", function(shape) {
  pi * shape@r^2 * 1.0  # the area of a circle from its radius
})

test_that("lag keeps the factor levels of its input", {
  x <- factor(c("a", "b", "c"))
  expect_equal(levels(lag(x)), c("a", "b", "c"))
})
'''


def test_each_top_level_definition_is_a_named_piece():
    pieces = chunker_for("r").chunk(SCRIPT)
    named = [(p.symbol, p.symbol_type, p.start_line, p.end_line) for p in pieces if p.symbol]
    assert named == [("connect_warehouse", "function", 1, 9),  # `library(DBI)` joined: short
                     ("summarise_orders", "function", 11, 14),
                     ("Circle.area", "method", 16, 18),
                     ("lag keeps the factor levels of its input", "test", 20, 23)]
    assert "#' Connect to the warehouse\n#' @param" in pieces[0].content


def test_unbalanced_brackets_fall_back_to_windows_and_keep_every_line():
    text = "f <- function(x) {\n  x + 1\n}\n}\n" + "y <- 2\n" * 30
    pieces = chunker_for("r").chunk(text)
    assert pieces and all(p.symbol is None and p.symbol_type == "window" for p in pieces)
    covered = {n for p in pieces for n in range(p.start_line, p.end_line + 1)}
    assert covered >= set(range(1, text.count("\n") + 1))
