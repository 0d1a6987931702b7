package com.example.orders.api;

import com.example.orders.domain.Auditable;
import com.example.orders.domain.Order;
import com.example.orders.domain.OrderStatus;
import com.example.orders.repo.OrderRepository;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The orders REST API: read an order, cancel it. */
@RestController
@RequestMapping("/api/orders")
public class OrderController {

    private final OrderRepository orders;

    public OrderController(OrderRepository orders) {
        this.orders = orders;
    }

    @GetMapping("/{id}")
    public Order get(@PathVariable UUID id) {
        return orders.findById(id).orElseThrow(
                () -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no order " + id));
    }

    /** Cancels an order that is not paid yet; 409 when its status does not allow it. */
    @PostMapping("/{id}/cancel")
    @Auditable(action = "order.cancel")
    public ResponseEntity<Order> cancel(@PathVariable UUID id) {
        Order order = get(id);
        if (!order.status().canMoveTo(OrderStatus.CANCELLED)) {
            return ResponseEntity.status(HttpStatus.CONFLICT).body(order);
        }
        order.moveTo(OrderStatus.CANCELLED);
        return ResponseEntity.ok(orders.save(order));
    }
}
