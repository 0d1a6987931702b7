package com.example.orders.domain;

import java.util.EnumSet;
import java.util.Set;

/** The life cycle of an order; each status says which statuses may follow it. */
public enum OrderStatus {
    NEW {
        @Override
        public Set<OrderStatus> next() {
            return EnumSet.of(PAID, CANCELLED);
        }
    },
    PAID {
        @Override
        public Set<OrderStatus> next() {
            return EnumSet.of(SHIPPED, REFUNDED);
        }
    },
    SHIPPED {
        @Override
        public Set<OrderStatus> next() {
            return EnumSet.of(DELIVERED);
        }
    },
    DELIVERED, CANCELLED, REFUNDED;

    /** The statuses an order in this status may move to (none for a final status). */
    public Set<OrderStatus> next() {
        return EnumSet.noneOf(OrderStatus.class);
    }

    public boolean canMoveTo(OrderStatus target) {
        return next().contains(target);
    }
}
