# frozen_string_literal: true

require "json"

# Parses and validates webhook payloads sent by the payment provider.
module Payments
  class WebhookError < StandardError; end

  # A verified webhook event.
  class WebhookEvent
    attr_reader :type, :data

    def initialize(type, data)
      @type = type
      @data = data
    end

    # Parse a raw JSON body and check its signature against the shared secret.
    def self.parse(body, signature, secret)
      expected = OpenSSL::HMAC.hexdigest("SHA256", secret, body)
      raise WebhookError, "bad signature" unless Rack::Utils.secure_compare(expected, signature)

      payload = JSON.parse(body)
      new(payload.fetch("type"), payload.fetch("data"))
    end

    # True when the event says a charge succeeded.
    def charge_succeeded?
      type == "charge.succeeded"
    end
  end

  def self.amount_in_cents(event)
    (event.data.fetch("amount").to_f * 100).round
  end
end
