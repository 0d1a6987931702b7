/**
 * The orders domain: {@link com.example.orders.domain.Order} with its lines,
 * {@link com.example.orders.domain.Money} amounts rounded to the currency's minor unit, and the
 * {@link com.example.orders.domain.OrderStatus} life cycle. Nothing here knows about HTTP or
 * the database.
 */
package com.example.orders.domain;
