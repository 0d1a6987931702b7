@extends('layouts.app')

@section('title', 'My orders')

@section('content')
    <h1>My orders</h1>
    @forelse ($orders as $order)
        <article class="order">
            <h2>Order {{ $order->id }}</h2>
            <p class="status">{{ $order->status->label() }}</p>
            <p class="total">{{ $order->formattedTotal() }}</p>
            @if ($order->status === \App\Enums\OrderStatus::Pending)
                <form method="POST" action="{{ route('orders.checkout', $order) }}">
                    @csrf
                    <button type="submit">Pay now</button>
                </form>
            @endif
        </article>
    @empty
        <p>You have not placed any orders yet.</p>
    @endforelse
@endsection
