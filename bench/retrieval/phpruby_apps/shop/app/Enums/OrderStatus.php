<?php

namespace App\Enums;

/**
 * The life of an order, from cart to refund.
 */
enum OrderStatus: string
{
    case Pending = 'pending';
    case Paid = 'paid';
    case Shipped = 'shipped';
    case Refunded = 'refunded';

    /**
     * The label shown to customers on the orders page.
     */
    public function label(): string
    {
        return match ($this) {
            self::Pending => 'Awaiting payment',
            self::Paid => 'Paid',
            self::Shipped => 'On its way',
            self::Refunded => 'Refunded',
        };
    }

    public function isFinal(): bool
    {
        return $this === self::Refunded;
    }
}
