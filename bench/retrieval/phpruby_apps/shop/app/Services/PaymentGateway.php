<?php

namespace App\Services;

/**
 * What the shop needs from a payment provider.
 */
interface PaymentGateway
{
    /**
     * Charge an amount in the smallest currency unit; the order id is the idempotency key.
     */
    public function charge(int $amountCents, string $currency, string $orderId): Charge;

    /**
     * Refund a previous charge in full.
     */
    public function refund(string $chargeId): void;
}
