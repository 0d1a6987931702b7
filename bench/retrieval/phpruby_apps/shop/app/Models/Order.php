<?php

namespace App\Models;

use App\Enums\OrderStatus;
use App\Traits\HasUuid;
use Illuminate\Database\Eloquent\Builder;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Relations\BelongsTo;
use Illuminate\Database\Eloquent\Relations\HasMany;

class Order extends Model
{
    use HasUuid;

    protected $fillable = ['user_id', 'status', 'total_cents', 'currency', 'charge_id'];

    protected $casts = ['status' => OrderStatus::class];

    public function user(): BelongsTo
    {
        return $this->belongsTo(User::class);
    }

    public function items(): HasMany
    {
        return $this->hasMany(OrderItem::class);
    }

    /**
     * Only the orders still waiting for payment.
     */
    public function scopePending(Builder $query): Builder
    {
        return $query->where('status', OrderStatus::Pending);
    }

    /**
     * The order's total formatted with its currency, e.g. "EUR 12.50".
     */
    public function formattedTotal(): string
    {
        return sprintf('%s %.2f', strtoupper($this->currency), $this->total_cents / 100);
    }
}
