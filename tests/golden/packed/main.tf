resource "aws_s3_bucket" "invoices" {
  bucket = "shop-invoices-archive"
  tags = { purpose = "invoice pdf archive" }
}
resource "aws_sqs_queue" "order_events" {
  name                       = "order-events"
  visibility_timeout_seconds = 60
  message_retention_seconds  = 1209600
}
resource "aws_cloudwatch_metric_alarm" "checkout_errors" {
  alarm_name          = "checkout-5xx"
  metric_name         = "HTTPCode_Target_5XX_Count"
  threshold           = 10
  comparison_operator = "GreaterThanThreshold"
}
