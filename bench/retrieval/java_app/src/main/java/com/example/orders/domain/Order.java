package com.example.orders.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;

/** A customer's order: its lines, its status and when it was placed. */
public class Order {

    private final UUID id;
    private final String customerId;
    private final List<Line> lines = new ArrayList<>();
    private OrderStatus status = OrderStatus.NEW;
    private final Instant placedAt;

    public Order(UUID id, String customerId, Instant placedAt) {
        this.id = id;
        this.customerId = customerId;
        this.placedAt = placedAt;
    }

    /** One line of an order: a product, how many, and the unit price. */
    public static final class Line {
        private final String sku;
        private final int quantity;
        private final Money unitPrice;

        public Line(String sku, int quantity, Money unitPrice) {
            if (quantity <= 0) {
                throw new IllegalArgumentException("quantity must be positive");
            }
            this.sku = sku;
            this.quantity = quantity;
            this.unitPrice = unitPrice;
        }

        /** The line's total: unit price times quantity. */
        public Money total() {
            return unitPrice.times(quantity);
        }

        public String sku() {
            return sku;
        }
    }

    public void addLine(Line line) {
        if (status != OrderStatus.NEW) {
            throw new IllegalStateException("order " + id + " is " + status);
        }
        lines.add(line);
    }

    public Money total() {
        return lines.stream().map(Line::total).reduce(Money::plus)
                .orElseThrow(() -> new IllegalStateException("empty order"));
    }

    public void moveTo(OrderStatus next) {
        if (!status.canMoveTo(next)) {
            throw new IllegalStateException(status + " -> " + next + " is not allowed");
        }
        status = next;
    }

    public List<Line> lines() {
        return Collections.unmodifiableList(lines);
    }

    public UUID id() {
        return id;
    }

    public String customerId() {
        return customerId;
    }

    public Instant placedAt() {
        return placedAt;
    }

    public OrderStatus status() {
        return status;
    }
}
