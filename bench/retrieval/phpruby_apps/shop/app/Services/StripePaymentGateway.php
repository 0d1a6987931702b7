<?php

namespace App\Services;

use Stripe\Exception\CardException;
use Stripe\StripeClient;

/**
 * The PaymentGateway over Stripe's PaymentIntents API.
 */
final class StripePaymentGateway implements PaymentGateway
{
    private StripeClient $stripe;

    public function __construct(string $secretKey)
    {
        $this->stripe = new StripeClient($secretKey);
    }

    public function charge(int $amountCents, string $currency, string $orderId): Charge
    {
        try {
            $intent = $this->stripe->paymentIntents->create(
                ['amount' => $amountCents, 'currency' => $currency, 'confirm' => true],
                ['idempotency_key' => 'order-'.$orderId],
            );
        } catch (CardException $e) {
            return new Charge(null, false, $e->getMessage());
        }

        return new Charge($intent->id, $intent->status === 'succeeded', $intent->status);
    }

    public function refund(string $chargeId): void
    {
        $this->stripe->refunds->create(['payment_intent' => $chargeId]);
    }
}
