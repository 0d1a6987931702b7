package com.example.orders.domain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OrderTest {

    private final Order order = new Order(UUID.randomUUID(), "c-1", Instant.EPOCH);

    @Test
    void totalAddsTheLines() {
        order.addLine(new Order.Line("sku-1", 2, Money.of("1.50", "EUR")));
        order.addLine(new Order.Line("sku-2", 1, Money.of("0.99", "EUR")));
        assertEquals(Money.of("3.99", "EUR"), order.total());
    }

    @Test
    void aShippedOrderCannotBeCancelled() {
        order.moveTo(OrderStatus.PAID);
        order.moveTo(OrderStatus.SHIPPED);
        assertThrows(IllegalStateException.class, () -> order.moveTo(OrderStatus.CANCELLED));
    }

    @Test
    void moneyRoundsToTheMinorUnit() {
        assertEquals(Money.of("1.01", "EUR"), Money.of("1.005", "EUR"));
    }
}
