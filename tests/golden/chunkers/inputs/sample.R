# Weekly revenue report for the shop
library(DBI)
library(dplyr)

#' Connect to the analytics warehouse
#'
#' @param schema the schema to read
#' @return a DBI connection
connect_warehouse <- function(schema = "analytics") {
  con <- dbConnect(RPostgres::Postgres(), dbname = "analytics")
  dbExecute(con, paste0("SET search_path TO ", schema))
  con
}

summarise_orders = function(orders)
  orders %>%
    group_by(customer_id) %>%
    summarise(total = sum(amount), n = n())

`%+%` <- function(a, b) paste0(a, b)

square <- \(x) x^2

Account <- R6::R6Class("Account",
  public = list(
    balance = 0,
    deposit = function(x) {
      self$balance <- self$balance + x
      invisible(self)
    }
  )
)

setClass("Circle", representation(r = "numeric"))
setGeneric("area", function(shape) standardGeneric("area"))
setMethod("area", "Circle", function(shape) {
  pi * shape@r^2
})

revenue <- orders |>
  filter(status == "paid") |>
  summarise(total = sum(amount))
