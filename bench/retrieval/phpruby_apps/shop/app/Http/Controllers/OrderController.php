<?php

namespace App\Http\Controllers;

use App\Enums\OrderStatus;
use App\Models\Order;
use App\Services\PaymentGateway;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;
use Illuminate\View\View;

class OrderController extends Controller
{
    public function __construct(private PaymentGateway $payments)
    {
    }

    /**
     * The orders page of the signed-in customer.
     */
    public function index(Request $request): View
    {
        $orders = $request->user()->orders()->with('items')->latest()->get();

        return view('orders.index', ['orders' => $orders]);
    }

    /**
     * Charge the order's total and mark it paid; a declined card sends the customer back.
     */
    public function checkout(Order $order): RedirectResponse
    {
        $charge = $this->payments->charge($order->total_cents, $order->currency, $order->id);
        if (! $charge->succeeded) {
            return back()->withErrors(['card' => $charge->message]);
        }
        $order->update(['status' => OrderStatus::Paid, 'charge_id' => $charge->id]);

        return redirect()->route('orders.show', $order);
    }

    /**
     * Refund a paid order in full and mark it refunded.
     */
    public function refund(Order $order): RedirectResponse
    {
        abort_unless($order->status === OrderStatus::Paid, 422, 'Only paid orders can be refunded.');
        $this->payments->refund($order->charge_id);
        $order->update(['status' => OrderStatus::Refunded]);

        return redirect()->route('orders.index');
    }
}
