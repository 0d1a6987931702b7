<?php

namespace Tests\Unit;

use App\Enums\OrderStatus;
use PHPUnit\Framework\TestCase;

class OrderStatusTest extends TestCase
{
    public function test_only_refunded_is_final(): void
    {
        $this->assertTrue(OrderStatus::Refunded->isFinal());
        $this->assertFalse(OrderStatus::Paid->isFinal());
    }

    public function test_labels_are_customer_friendly(): void
    {
        $this->assertSame('On its way', OrderStatus::Shipped->label());
    }
}
