terraform {
  required_version = ">= 1.5"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.0"
    }
  }
}

variable "region" {
  description = "AWS region the static site bucket lives in"
  type        = string
  default     = "eu-west-1"
}

provider "aws" {
  region = var.region
}

# The bucket that serves the static website.
resource "aws_s3_bucket" "site" {
  bucket = "docs-example-site"
  tags = {
    Project = "docs"
  }
}

resource "aws_s3_bucket_website_configuration" "site" {
  bucket = aws_s3_bucket.site.id
  index_document {
    suffix = "index.html"
  }
  error_document {
    key = "404.html"
  }
}

output "website_endpoint" {
  description = "Public URL of the static website"
  value       = aws_s3_bucket_website_configuration.site.website_endpoint
}
