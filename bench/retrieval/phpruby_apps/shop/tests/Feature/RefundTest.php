<?php

use App\Enums\OrderStatus;
use App\Models\Order;
use App\Services\PaymentGateway;

beforeEach(function () {
    $this->payments = $this->mock(PaymentGateway::class);
});

describe('refunds', function () {
    it('refunds a paid order in full', function () {
        $order = Order::factory()->paid()->create();
        $this->payments->shouldReceive('refund')->once()->with('pi_test');

        $this->actingAs($order->user)->post(route('orders.refund', $order))
            ->assertRedirect(route('orders.index'));

        expect($order->fresh()->status)->toBe(OrderStatus::Refunded);
    });

    it('refuses to refund an order that was never paid', function () {
        $order = Order::factory()->create();
        $this->payments->shouldNotReceive('refund');

        $this->actingAs($order->user)->post(route('orders.refund', $order))
            ->assertStatus(422);

        expect($order->fresh()->status)->toBe(OrderStatus::Pending);
    });

    test('a refunded order is final', function () {
        expect(OrderStatus::Refunded->isFinal())->toBeTrue()
            ->and(OrderStatus::Paid->isFinal())->toBeFalse();
    });
});

it('labels every status for customers', function (OrderStatus $status, string $label) {
    expect($status->label())->toBe($label);
})->with([
    [OrderStatus::Pending, 'Awaiting payment'],
    [OrderStatus::Shipped, 'On its way'],
]);
