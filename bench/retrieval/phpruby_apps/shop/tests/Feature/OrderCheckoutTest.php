<?php

namespace Tests\Feature;

use App\Enums\OrderStatus;
use App\Models\Order;
use App\Services\Charge;
use App\Services\PaymentGateway;
use Illuminate\Foundation\Testing\RefreshDatabase;
use Tests\TestCase;

class OrderCheckoutTest extends TestCase
{
    use RefreshDatabase;

    public function test_checkout_marks_the_order_paid(): void
    {
        $order = Order::factory()->create();
        $this->mock(PaymentGateway::class)
            ->shouldReceive('charge')->once()
            ->andReturn(new Charge('pi_1', true, 'succeeded'));

        $this->actingAs($order->user)->post(route('orders.checkout', $order))
            ->assertRedirect(route('orders.show', $order));

        $this->assertSame(OrderStatus::Paid, $order->fresh()->status);
    }

    public function test_a_declined_card_keeps_the_order_pending(): void
    {
        $order = Order::factory()->create();
        $this->mock(PaymentGateway::class)
            ->shouldReceive('charge')->andReturn(new Charge(null, false, 'Your card was declined.'));

        $this->actingAs($order->user)->post(route('orders.checkout', $order))
            ->assertSessionHasErrors('card');

        $this->assertSame(OrderStatus::Pending, $order->fresh()->status);
    }
}
