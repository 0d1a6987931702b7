package com.example.orders.repo;

import com.example.orders.domain.Order;
import com.example.orders.domain.OrderStatus;
import java.util.List;
import java.util.UUID;

/** Orders by id, with the queries the service needs. */
public interface OrderRepository extends Repository<Order, UUID> {

    default List<Order> findByStatus(OrderStatus status) {
        return findMatching(order -> order.status() == status);
    }

    default List<Order> findByCustomer(String customerId) {
        return findMatching(order -> order.customerId().equals(customerId));
    }
}
