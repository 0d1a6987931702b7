package com.example.orders.payment;

import com.example.orders.domain.Money;
import java.time.Duration;

/** Charges a customer through the payment gateway, retrying a timed-out call. */
public class PaymentClient {

    private final PaymentGateway gateway;
    private final int maxAttempts;
    private final Duration backoff;

    public PaymentClient(PaymentGateway gateway, int maxAttempts, Duration backoff) {
        this.gateway = gateway;
        this.maxAttempts = maxAttempts;
        this.backoff = backoff;
    }

    /** Charges the amount, retrying up to maxAttempts times with a doubling backoff. */
    public PaymentResult charge(String customerId, Money amount) throws InterruptedException {
        Duration wait = backoff;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            PaymentResult result = gateway.charge(customerId, amount);
            if (!(result instanceof PaymentResult.TimedOut)) {
                return result;
            }
            Thread.sleep(wait.toMillis());
            wait = wait.multipliedBy(2);
        }
        return new PaymentResult.TimedOut(maxAttempts);
    }

    /** The gateway's one call. */
    public interface PaymentGateway {
        PaymentResult charge(String customerId, Money amount);
    }
}
