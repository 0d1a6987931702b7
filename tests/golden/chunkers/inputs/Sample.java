package com.example.billing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * An invoice with its line items; computes totals including tax.
 */
public class Invoice {
    private final String customerId;
    private final List<LineItem> items = new ArrayList<>();

    public Invoice(String customerId) {
        this.customerId = customerId;
    }

    /** Add a line item for a quantity of a product at a unit price. */
    public void addItem(String product, int quantity, BigDecimal unitPrice) {
        if (quantity <= 0) {
            throw new IllegalArgumentException("quantity must be positive");
        }
        items.add(new LineItem(product, quantity, unitPrice));
    }

    /** Total of all line items before tax. */
    public BigDecimal subtotal() {
        return items.stream()
            .map(i -> i.unitPrice().multiply(BigDecimal.valueOf(i.quantity())))
            .reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** Total including value-added tax at the given rate, e.g. 0.21 for 21%. */
    public BigDecimal totalWithTax(BigDecimal vatRate) {
        return subtotal().multiply(BigDecimal.ONE.add(vatRate));
    }
}

record LineItem(String product, int quantity, BigDecimal unitPrice) {}

interface InvoiceRepository {
    void save(Invoice invoice);
    List<Invoice> findByCustomer(String customerId);
}

enum InvoiceStatus { DRAFT, SENT, PAID, CANCELLED }

/** A reading taken at one instant. */
record Sample(String station, double value) {
    /** Rejects readings from no station. */
    Sample {
        if (station.isEmpty()) {
            throw new IllegalArgumentException("station");
        }
    }
}
