package com.example.orders.payment;

import com.example.orders.domain.Money;

/**
 * What the payment gateway answered for one charge: approved with its transaction id,
 * declined with the gateway's reason, or failed to answer in time (to be retried).
 */
public sealed interface PaymentResult
        permits PaymentResult.Approved, PaymentResult.Declined, PaymentResult.TimedOut {

    record Approved(String transactionId, Money charged) implements PaymentResult { }

    record Declined(String reasonCode, String message) implements PaymentResult { }

    record TimedOut(int attempts) implements PaymentResult { }

    /** Whether the order may be marked paid. */
    default boolean isApproved() {
        return this instanceof Approved;
    }
}
